import type { RefObject } from 'react';
import { Dialog } from '@/components/ui/dialog';
import type { SideQueueItem, useOutbox } from '@/lib/outbox';
import { OutboxPanel } from './outbox-panel';

/** The outbox dialog, its own chunk: the header loads it on first use, not on every page's first load. */
export default function OutboxDialog({
  open,
  onOpenChange,
  state,
  sideItems,
  online,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: ReturnType<typeof useOutbox>;
  sideItems: readonly SideQueueItem[];
  online: boolean;
  /** The header button outside Radix that opened it (Radix only returns focus to its own trigger). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Outbox"
      description="What you wrote on this device, and whether it has reached the server."
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <OutboxPanel
        state={state}
        sideItems={sideItems}
        online={online}
        onNavigate={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
