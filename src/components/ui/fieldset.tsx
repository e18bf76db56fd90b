import type { FieldsetHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export interface FieldsetProps extends FieldsetHTMLAttributes<HTMLFieldSetElement> {
  legend: ReactNode;
  /**
   * 'card' (default): a titled section of a long form (the cause and grant forms). 'group': a
   * legend styled like a field label over controls that answer one question (the donation amount,
   * a mode switch); the caller lays them out.
   */
  variant?: 'card' | 'group';
  children: ReactNode;
}

/** A group of controls named by its legend, which screen readers announce with each control. */
export function Fieldset({ legend, variant = 'card', className, children, ...rest }: FieldsetProps) {
  return (
    <fieldset
      className={cn(
        variant === 'card'
          ? 'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900'
          : 'min-w-0',
        className,
      )}
      {...rest}
    >
      <legend
        className={
          variant === 'card'
            ? 'px-1 text-base font-bold'
            : 'mb-1 text-sm font-medium text-slate-800 dark:text-slate-200'
        }
      >
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
