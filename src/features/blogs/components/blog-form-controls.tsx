import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/components/ui/cn';

/*
 * The blog forms' labelled controls, alike in label, error wiring and look to the design system's
 * Field. One difference: the blog forms show one message for several missing fields (SPEC §5), so a
 * control can be marked invalid without a message of its own (`invalid`) and point at the shared
 * message (`describedBy`).
 */

interface ControlProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Invalid without a message under this control; the message is shown elsewhere. */
  invalid?: boolean;
  /** The id of a message elsewhere that describes this control (the shared one). */
  describedBy?: string;
}

const controlClass = (invalid: boolean, extra?: string) =>
  cn(
    'rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
    extra,
  );

function useControlIds({ error, hint, invalid, describedBy }: ControlProps, id: string | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return {
    inputId,
    errorId,
    hintId,
    aria: {
      'aria-invalid': error || invalid ? true : undefined,
      'aria-describedby':
        [error && errorId, hint && !error && hintId, describedBy].filter(Boolean).join(' ') || undefined,
    },
  };
}

function ControlFrame({
  label,
  inputId,
  errorId,
  hintId,
  error,
  hint,
  children,
}: ControlProps & { inputId: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export type BlogInputProps = ControlProps & InputHTMLAttributes<HTMLInputElement>;

export const BlogInput = forwardRef<HTMLInputElement, BlogInputProps>(function BlogInput(
  { label, error, hint, invalid, describedBy, id, className, ...rest },
  ref,
) {
  const ids = useControlIds({ label, error, hint, invalid, describedBy }, id);
  return (
    <ControlFrame label={label} error={error} hint={hint} {...ids}>
      <input
        ref={ref}
        id={ids.inputId}
        {...ids.aria}
        className={controlClass(Boolean(error || invalid), cn('min-h-11', className))}
        {...rest}
      />
    </ControlFrame>
  );
});

export type BlogTextAreaProps = ControlProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const BlogTextArea = forwardRef<HTMLTextAreaElement, BlogTextAreaProps>(function BlogTextArea(
  { label, error, hint, invalid, describedBy, id, className, ...rest },
  ref,
) {
  const ids = useControlIds({ label, error, hint, invalid, describedBy }, id);
  return (
    <ControlFrame label={label} error={error} hint={hint} {...ids}>
      <textarea
        ref={ref}
        id={ids.inputId}
        {...ids.aria}
        className={controlClass(Boolean(error || invalid), className)}
        {...rest}
      />
    </ControlFrame>
  );
});

export type BlogSelectProps = ControlProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

export const BlogSelect = forwardRef<HTMLSelectElement, BlogSelectProps>(function BlogSelect(
  { label, error, hint, invalid, describedBy, options, id, className, ...rest },
  ref,
) {
  const ids = useControlIds({ label, error, hint, invalid, describedBy }, id);
  return (
    <ControlFrame label={label} error={error} hint={hint} {...ids}>
      <select
        ref={ref}
        id={ids.inputId}
        {...ids.aria}
        className={controlClass(Boolean(error || invalid), cn('min-h-11', className))}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </ControlFrame>
  );
});
