import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlClass, FieldFrame, useFieldControl, type FieldControlProps } from './field-frame';
import { cn } from './cn';

export interface FieldProps
  extends
    FieldControlProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> {}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, invalid, describedBy, id, className, ...rest },
  ref,
) {
  const control = useFieldControl({ error, hint, invalid, describedBy }, id);
  return (
    <FieldFrame label={label} error={error} hint={hint} {...control}>
      <input
        ref={ref}
        id={control.controlId}
        {...control.aria}
        className={controlClass(control.isInvalid, cn('min-h-11 px-3 py-2', className))}
        {...rest}
      />
    </FieldFrame>
  );
});
