import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  /** A line under the label (a count, a reason it is disabled). */
  note?: ReactNode;
  disabled?: boolean;
}

/**
 * A group of checkboxes answering one question (which channels, which roles), named by its legend,
 * its message announced with each box. Controlled: the value is the ticked values, in the options'
 * order, whatever the order they were ticked in.
 */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  columns = false,
  name,
}: {
  legend: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Two columns from a small tablet up (a long list of roles). */
  columns?: boolean;
  name: string;
}) {
  const errorId = useId();
  const hintId = useId();
  const noteIdBase = useId();
  const toggle = (option: string, on: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? on : value.includes(v))));
  return (
    <fieldset
      className="min-w-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={[error && errorId, hint && !error && hintId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <ul className={cn('flex flex-col gap-0.5', columns && 'sm:grid sm:grid-cols-2 sm:gap-x-4')}>
        {options.map((option, index) => (
          <li key={option.value}>
            <label
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-md px-1',
                option.disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
              )}
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                className="size-5 shrink-0 accent-brand-600"
                checked={value.includes(option.value)}
                disabled={option.disabled}
                aria-labelledby={option.note ? `${noteIdBase}-${index}-label` : undefined}
                aria-describedby={option.note ? `${noteIdBase}-${index}` : undefined}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span className="min-w-0">
                {/* The name is the label alone: 'Email', described by '12 recipients'. */}
                <span id={`${noteIdBase}-${index}-label`} className="block text-sm">
                  {option.label}
                </span>
                {option.note && (
                  <span
                    id={`${noteIdBase}-${index}`}
                    className="block text-xs text-slate-600 dark:text-slate-400"
                  >
                    {option.note}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
