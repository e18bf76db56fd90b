import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { logout, unsentBeforeLogout } from '@/lib/logout';
import { useOutbox } from '@/lib/outbox';

/**
 * 'Log out' for a possibly shared phone: everything of the user is wiped from the device, so
 * writes not yet sent would be lost. Those are counted first and the user confirms losing them.
 */
export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [warning, setWarning] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);
  const { pending, attention } = useOutbox();

  const leave = async () => {
    setBusy(true);
    await logout(queryClient, () => void navigate({ to: '/signin' }));
  };

  const start = async () => {
    const count = await unsentBeforeLogout();
    if (count === 0) return leave();
    setUnsent(count);
    setWarning(true);
  };

  // The outbox may send while the warning is open (the connection came back): keep the count true.
  useEffect(() => {
    if (!warning) return;
    let current = true;
    void unsentBeforeLogout().then((count) => current && setUnsent(count));
    return () => {
      current = false;
    };
  }, [warning, pending, attention.length]);

  const description =
    unsent === 0
      ? 'Everything you saved offline has been sent. You can log out safely.'
      : unsent === 1
        ? '1 item you saved offline has not been sent yet. Logging out deletes it from this device.'
        : `${unsent} items you saved offline have not been sent yet. Logging out deletes them from this device.`;

  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        disabled={busy}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <LogOut aria-hidden className="size-4" />
        Log out
      </button>
      <Dialog
        open={warning}
        onOpenChange={setWarning}
        role="alertdialog"
        size="sm"
        title={unsent === 0 ? 'Everything was sent' : 'Unsent items will be deleted'}
        description={description}
      >
        {unsent > 0 && (
          <p className="text-sm">
            {unsent === 1
              ? 'Stay signed in and reconnect to send it, or log out and lose it.'
              : 'Stay signed in and reconnect to send them, or log out and lose them.'}
          </p>
        )}
        <DialogFooter>
          <Button variant="secondary" data-autofocus onClick={() => setWarning(false)} disabled={busy}>
            Stay signed in
          </Button>
          <Button
            variant={unsent === 0 ? 'primary' : 'danger'}
            onClick={() => void leave()}
            pending={busy}
            pendingLabel="Logging out..."
          >
            {unsent === 0 ? 'Log out' : 'Log out and delete'}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
