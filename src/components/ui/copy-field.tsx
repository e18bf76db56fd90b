import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { notify } from '@/lib/notify';

/**
 * Puts `text` on the clipboard and says so ('Link copied.'); false when the browser refused (a page
 * not served over HTTPS, a denied permission), for the caller to leave the copying to the user.
 */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied.`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A read-only text to copy (a link, a code snippet) with its Copy button. When the clipboard is
 * refused, the text is selected and the field says to copy it by hand. `focusOnMount` puts the focus
 * on it when it appears (a link shown once, just made).
 */
export function CopyField({
  label,
  value,
  what,
  copyLabel,
  note,
  multiline = false,
  focusOnMount = false,
  className,
}: {
  label: string;
  value: string;
  /** What the toast calls it: 'Link' → 'Link copied.' */
  what: string;
  /** The button's text; 'Copy' by default. */
  copyLabel?: string;
  /** Said under the field, and read with it. */
  note?: ReactNode;
  multiline?: boolean;
  focusOnMount?: boolean;
  className?: string;
}) {
  const id = useId();
  const noteId = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!focusOnMount) return;
    field.current?.focus();
    field.current?.select();
  }, [focusOnMount]);

  const copy = async () => {
    const copied = await copyText(value, what);
    setRefused(!copied);
    if (!copied) {
      field.current?.focus();
      field.current?.select();
    }
  };
  const fieldClass =
    'min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';
  const describedBy = note ? noteId : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className={cn('flex gap-2', multiline ? 'flex-col' : 'flex-col sm:flex-row')}>
        {multiline ? (
          <textarea
            ref={field}
            id={id}
            readOnly
            rows={4}
            value={value}
            aria-describedby={describedBy}
            onFocus={(event) => event.currentTarget.select()}
            className={cn(fieldClass, 'py-2 font-mono text-xs')}
          />
        ) : (
          <input
            ref={field}
            id={id}
            readOnly
            value={value}
            aria-describedby={describedBy}
            onFocus={(event) => event.currentTarget.select()}
            className={cn(fieldClass, 'min-h-11')}
          />
        )}
        <Button variant="secondary" className="self-start" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {copyLabel ?? 'Copy'}
        </Button>
      </div>
      {note && (
        <p id={noteId} className="text-sm text-slate-700 dark:text-slate-300">
          {note}
        </p>
      )}
      <p role="status" className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {refused ? 'Copying was refused: the text is selected, press Ctrl+C (or long-press, Copy).' : ''}
      </p>
    </div>
  );
}
