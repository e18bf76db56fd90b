import type { Member } from '@contract/members';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { useOffline } from '@/lib/connectivity';
import { useId } from 'react';

/**
 * The confirmation before a member is deactivated: what it does (signed out everywhere at once, no
 * sign-in until reactivated, their work kept, their seat freed) and the two answers.
 */
export function DeactivateDialog({
  member,
  pending,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: {
  member: Member;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const offline = useOffline();
  const noteId = useId();
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={`Deactivate ${member.name}?`}
      description="Their sessions end at once, on every device, and they cannot sign in until reactivated."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        What they made (files, responses, causes) stays with the organisation, and their seat on the plan is
        free again. You can reactivate them later.
      </p>
      {offline && (
        <NeedsNetworkNote id={noteId} className="mt-3">
          Deactivating a member needs a connection.
        </NeedsNetworkNote>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" data-autofocus>
            Keep active
          </Button>
        </DialogClose>
        <Button
          variant="danger"
          pending={pending}
          pendingLabel="Deactivating..."
          disabled={offline}
          aria-describedby={offline ? noteId : undefined}
          onClick={onConfirm}
        >
          Deactivate
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
