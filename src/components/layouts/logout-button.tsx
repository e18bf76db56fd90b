import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { logout, unsentBeforeLogout } from '@/lib/logout';

/**
 * 'Log out' for a possibly shared phone: everything of the user is wiped from the device, so
 * writes not yet sent would be lost. Those are counted first and the user confirms losing them.
 */
export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    setBusy(true);
    await logout(queryClient, () => void navigate({ to: '/signin' }));
  };

  const start = async () => {
    const count = await unsentBeforeLogout();
    if (count > 0) setUnsent(count);
    else await leave();
  };

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
        open={unsent > 0}
        onOpenChange={(open) => !open && setUnsent(0)}
        role="alertdialog"
        size="sm"
        title="Unsent items will be deleted"
        description={
          unsent === 1
            ? '1 item you saved offline has not been sent yet. Logging out deletes it from this device.'
            : `${unsent} items you saved offline have not been sent yet. Logging out deletes them from this device.`
        }
      >
        <p className="text-sm">Stay signed in and reconnect to send them, or log out and lose them.</p>
        <DialogFooter>
          <Button variant="secondary" data-autofocus onClick={() => setUnsent(0)} disabled={busy}>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={() => void leave()} pending={busy} pendingLabel="Logging out...">
            Log out and delete
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
