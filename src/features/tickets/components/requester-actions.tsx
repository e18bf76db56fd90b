import type { TicketDetail } from '@contract/tickets';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { useUpdateTicket } from '../api/update-ticket';

/**
 * The requester's own moves: close the ticket (they have their answer; asked once more, since a
 * closed ticket takes no more replies), or reopen a resolved one that is not solved after all.
 * Online only.
 */
export function RequesterActions({ ticket }: { ticket: TicketDetail }) {
  const offline = useOffline();
  const update = useUpdateTicket();
  const [confirming, setConfirming] = useState(false);
  const noteId = useId();
  if (ticket.status === 'closed') return null;

  const change = (status: 'open' | 'closed') =>
    update.mutate(
      { ticketId: ticket.id, change: { status } },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success(
            status === 'closed' ? 'Ticket closed.' : 'Ticket reopened. The team will look at it again.',
          );
        },
        onError: (error) => {
          setConfirming(false);
          notify.error(errorMessage(error, 'The ticket could not be changed. Try again.'));
        },
      },
    );

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Your ticket">
        {ticket.status === 'resolved' && (
          <Button
            variant="secondary"
            disabled={offline}
            pending={update.isPending && update.variables?.change.status === 'open'}
            aria-describedby={offline ? noteId : undefined}
            onClick={() => change('open')}
          >
            <RotateCcw aria-hidden className="size-4" />
            Reopen ticket
          </Button>
        )}
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          role="alertdialog"
          size="sm"
          title="Close this ticket?"
          description="Close it when you have what you needed. A closed ticket takes no more replies; you can always open a new one."
          trigger={
            <Button variant="ghost" disabled={offline} aria-describedby={offline ? noteId : undefined}>
              <CheckCircle2 aria-hidden className="size-4" />
              Close ticket
            </Button>
          }
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Keep it open</Button>
            </DialogClose>
            <Button pending={update.isPending} pendingLabel="Closing..." onClick={() => change('closed')}>
              Close ticket
            </Button>
          </DialogFooter>
        </Dialog>
      </div>
      {offline && (
        <NeedsNetworkNote id={noteId}>
          You are offline. Closing or reopening a ticket needs a connection.
        </NeedsNetworkNote>
      )}
    </div>
  );
}
