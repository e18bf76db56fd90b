import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/** What every labelled control of the design system takes besides its element's own props. */
export interface FieldControlProps {
  label: string;
  /** The message under the control; it marks the control invalid and describes it. */
  error?: string;
  /** Help under the control, hidden while an error shows. */
  hint?: ReactNode;
  /**
   * Invalid without a message of its own, when one message elsewhere covers several controls (the
   * blog forms' "fill in these fields"); point at that message with `describedBy`.
   */
  invalid?: boolean;
  /** Ids of other elements that describe the control (a shared message, a note), after its own. */
  describedBy?: string;
}

/**
 * The control's id and its aria wiring: aria-invalid when it has an error (or is `invalid`), and
 * aria-describedby naming its error, else its hint, then `describedBy`, so callers never build them.
 */
export function useFieldControl(
  { error, hint, invalid, describedBy }: Omit<FieldControlProps, 'label'>,
  id: string | undefined,
) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const isInvalid = Boolean(error) || Boolean(invalid);
  return {
    controlId,
    errorId,
    hintId,
    isInvalid,
    aria: {
      'aria-invalid': isInvalid ? true : undefined,
      'aria-describedby':
        [error && errorId, hint && !error && hintId, describedBy].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** The border and text of every control (padding is each control's own); red while invalid. */
export const controlClass = (invalid: boolean, extra?: string) =>
  cn(
    'rounded-lg border bg-white text-base text-slate-900 placeholder:text-slate-400 disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
    extra,
  );

/** The label above and the hint or error below a control. */
export function FieldFrame({
  label,
  error,
  hint,
  controlId,
  errorId,
  hintId,
  className,
  children,
}: Pick<FieldControlProps, 'label' | 'error' | 'hint'> & {
  controlId: string;
  errorId: string;
  hintId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
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
