import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { clearUnsentOfSignedOutAccounts, countUnsentOfSignedOutAccounts } from '@/lib/outbox';

const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);

/**
 * After a session ends with a 401, its unsent writes are kept (deleting a volunteer's offline work
 * because a token expired would lose it without their action). The sign-in page says so, without
 * showing any of it: signing in to that account sends them; anyone may delete them, after a warning.
 */
export function SignedOutUnsentNotice() {
  const [count, setCount] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void countUnsentOfSignedOutAccounts().then((n) => live && setCount(n));
    return () => {
      live = false;
    };
  }, []);

  if (count === 0) return null;

  const remove = async () => {
    setBusy(true);
    await clearUnsentOfSignedOutAccounts();
    setBusy(false);
    setConfirming(false);
    setCount(0);
  };

  return (
    <div className="mb-4">
      <Alert tone="info">
        <p>
          {items(count)} saved offline by an account that was signed out {count === 1 ? 'has' : 'have'} not
          been sent. Sign in to that account to send {count === 1 ? 'it' : 'them'}.
        </p>
        <Button variant="secondary" className="mt-2" onClick={() => setConfirming(true)}>
          Delete unsent items
        </Button>
      </Alert>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        role="alertdialog"
        size="sm"
        title="Delete unsent items?"
        description={`${items(count)} saved offline will be deleted from this device and never sent.`}
      >
        <DialogFooter>
          <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)} disabled={busy}>
            Keep them
          </Button>
          <Button variant="danger" onClick={() => void remove()} pending={busy} pendingLabel="Deleting...">
            Delete
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}
