import { Search } from 'lucide-react';
import { forwardRef } from 'react';
import { cn } from './cn';
import { Field, type FieldProps } from './field';

/**
 * The one free-text search input (listings, help center): a labelled `type="search"` field with a
 * magnifier inside, no autocomplete, and a Search key on phone keyboards. Enter submits the form
 * around it, if any.
 */
export const SearchField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'>>(function SearchField(
  { className, ...rest },
  ref,
) {
  return (
    <div className="relative">
      <Field
        ref={ref}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        className={cn('w-full pl-10', className)}
        {...rest}
      />
      {/* Pinned to the input's bottom: the label above it may wrap. */}
      <Search
        aria-hidden
        className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-500 dark:text-slate-400"
      />
    </div>
  );
});
