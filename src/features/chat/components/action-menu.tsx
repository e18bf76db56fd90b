import { MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export interface ActionMenuItem {
  label: string;
  /** Shown instead of the label (an emoji); the label stays its accessible name. */
  content?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A message's small menu: a button that opens a list of actions, reached and used by keyboard
 * (arrows move, Home/End, Escape closes and gives focus back to the button), closed by a click
 * elsewhere. Small enough not to need a menu library for a dozen buttons.
 */
export function ActionMenu({ label, items }: { label: string; items: ActionMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];

  useEffect(() => {
    if (!open) return;
    entries()[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') move(at + 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <MoreHorizontal aria-hidden className="size-5" />
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="absolute top-full right-0 z-20 mt-1 flex w-52 flex-wrap gap-0.5 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.content ? item.label : undefined}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                item.onSelect();
              }}
              className={cn(
                'min-h-10 rounded-md px-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-2 focus:outline-brand-600 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
                item.content ? 'w-10 text-center text-lg' : 'w-full',
                item.danger && 'text-red-700 dark:text-red-400',
              )}
            >
              {item.content ?? item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
