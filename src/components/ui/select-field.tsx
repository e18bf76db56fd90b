import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClass, FieldFrame, useFieldControl, type FieldControlProps } from './field-frame';

export interface SelectFieldProps
  extends
    FieldControlProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'aria-invalid' | 'aria-describedby'> {}

/**
 * The native select twin of Field: same label, error wiring and look. Native on purpose: phones
 * show their own picker, and it works before hydration and with every assistive technology.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, invalid, describedBy, id, className, children, ...rest },
  ref,
) {
  const control = useFieldControl({ error, hint, invalid, describedBy }, id);
  return (
    <FieldFrame label={label} error={error} hint={hint} className="min-w-0" {...control}>
      <div className="relative">
        <select
          ref={ref}
          id={control.controlId}
          {...control.aria}
          className={controlClass(
            control.isInvalid,
            cn('min-h-11 w-full appearance-none truncate py-2 pr-9 pl-3', className),
          )}
          {...rest}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
      </div>
    </FieldFrame>
  );
});
