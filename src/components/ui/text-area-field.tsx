import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClass, FieldFrame, useFieldControl, type FieldControlProps } from './field-frame';

export interface TextAreaFieldProps
  extends
    FieldControlProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-invalid' | 'aria-describedby'> {}

/** The textarea twin of the design system's Field: same label, error wiring and look. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, invalid, describedBy, id, className, ...rest },
  ref,
) {
  const control = useFieldControl({ error, hint, invalid, describedBy }, id);
  return (
    <FieldFrame label={label} error={error} hint={hint} {...control}>
      <textarea
        ref={ref}
        id={control.controlId}
        {...control.aria}
        className={controlClass(control.isInvalid, cn('px-3 py-2', className))}
        {...rest}
      />
    </FieldFrame>
  );
});
