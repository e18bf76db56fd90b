import { useId, type ReactNode } from 'react';

/** A labelled checkbox with an optional hint read with it; 44 px tall for a thumb. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 shrink-0"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="-mt-2 pl-7 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
