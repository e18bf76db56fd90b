import { Download, Share, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { promptInstall, useInstallOption } from '@/lib/install-prompt';
import { buttonClass } from './button';
import { cn } from './cn';

const iconButtonClass =
  'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * 'Install app', only where the browser offers it (see lib/install-prompt.ts); on iOS Safari it
 * opens the 'Add to Home Screen' steps instead, since Safari has no install prompt. Renders nothing
 * when installed, standalone, or on the server. `icon` suits a header bar, `menu` a full-width list.
 */
export function InstallAppButton({
  variant = 'icon',
  className,
}: {
  variant?: 'icon' | 'menu';
  className?: string;
}) {
  const option = useInstallOption();
  // The header's icon is in the markup, hidden, whatever the option: public/boot.js shows it and
  // prompts natively when the browser offers installation before this is hydrated (ADR 0025).
  if (variant === 'icon' && option !== 'ios-hint') {
    return (
      <button
        type="button"
        data-boot="install"
        hidden={option !== 'prompt'}
        aria-label="Install app"
        title="Install app"
        onClick={() => void promptInstall()}
        className={cn(iconButtonClass, className)}
      >
        <Download aria-hidden className="size-5" />
      </button>
    );
  }
  if (option === 'none') return null;
  if (option === 'prompt') {
    return (
      <button
        type="button"
        aria-label={variant === 'icon' ? 'Install app' : undefined}
        title="Install app"
        onClick={() => void promptInstall()}
        className={
          variant === 'icon'
            ? cn(iconButtonClass, className)
            : buttonClass('secondary', cn('w-full', className))
        }
      >
        <Download aria-hidden className={variant === 'icon' ? 'size-5' : 'size-4'} />
        {variant === 'menu' && 'Install app'}
      </button>
    );
  }
  return <IosInstallHint variant={variant} className={className} />;
}

function IosInstallHint({ variant, className }: { variant: 'icon' | 'menu'; className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!wrapperRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // The header closes its mobile menu on Escape too; only the hint should go.
    e.stopPropagation();
    close();
  };

  return (
    <div
      ref={wrapperRef}
      className={cn('relative', variant === 'menu' && 'w-full', className)}
      onKeyDown={onKeyDown}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-label={variant === 'icon' ? 'Install app' : undefined}
        title="Install app"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        className={variant === 'icon' ? iconButtonClass : buttonClass('secondary', 'w-full')}
      >
        <Download aria-hidden className={variant === 'icon' ? 'size-5' : 'size-4'} />
        {variant === 'menu' && 'Install app'}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
        className={cn(
          'z-50 w-72 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
          variant === 'icon' ? 'absolute top-full right-0 mt-2' : 'mt-2 w-full',
        )}
      >
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            Install NGO Portal
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={close}
            className="-m-2 inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>
            Tap <Share aria-hidden className="inline size-4 align-text-bottom" /> <strong>Share</strong> in
            Safari&apos;s toolbar.
          </li>
          <li>
            Choose <strong>Add to Home Screen</strong>.
          </li>
        </ol>
      </div>
    </div>
  );
}
