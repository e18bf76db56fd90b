import { CloudUpload } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useOffline } from '@/lib/connectivity';
import { outbox, useOutbox, useSideQueueItems } from '@/lib/outbox';

export interface OutboxStatusProps {
  className?: string;
  /**
   * Render nothing while nothing waits and nothing needs attention (the public header, where most
   * visitors never queue anything). The portal header leaves it visible, for the last sync time.
   */
  hideWhenEmpty?: boolean;
}

function describe(pending: number, attention: number) {
  const parts = [
    pending ? `${pending} waiting to send` : '',
    attention ? `${attention} ${attention === 1 ? 'needs' : 'need'} attention` : '',
  ].filter(Boolean);
  return `Outbox: ${parts.length ? parts.join(', ') : 'everything sent'}`;
}

const loadDialog = () => import('./outbox-dialog');
const OutboxDialog = lazy(loadDialog);

/** The header's outbox control: a count badge, and a dialog with sync state and refused items. */
export function OutboxStatus({ className, hideWhenEmpty = false }: OutboxStatusProps) {
  const state = useOutbox();
  // Files waiting to upload (and any other feature's own queue) count as waiting too.
  const sideItems = useSideQueueItems();
  const online = !useOffline();
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening, so focus can go back to the button on close.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { attention } = state;
  const pending = state.pending + sideItems.length;
  const count = pending + attention.length;

  // The snapshot is filled by startOutbox; read it here too, so the badge is right wherever this is mounted.
  useEffect(() => {
    void outbox.refresh();
  }, []);

  if (hideWhenEmpty && count === 0 && !open) return null;
  const label = describe(pending, attention.length);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={label}
        data-testid="outbox-status"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={cn(
          'relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          className,
        )}
      >
        <CloudUpload aria-hidden className="size-5" />
        {count > 0 && (
          <span
            aria-hidden
            data-testid="outbox-badge"
            className={cn(
              'absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full px-1 text-xs leading-5 font-bold text-white',
              attention.length ? 'bg-red-700' : 'bg-brand-700',
            )}
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <OutboxDialog
            open={open}
            onOpenChange={setOpen}
            state={state}
            sideItems={sideItems}
            online={online}
            returnFocusTo={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
