import { useBlocker } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { useUnsavedInput } from '@/lib/unsaved-input';

/**
 * While the builder holds unsaved changes: leaving the screen asks first (the browser's own prompt
 * for a reload or a closed tab), and the app is not reloaded for an update (lib/unsaved-input).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  useUnsavedInput(dirty);
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <Dialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      role="alertdialog"
      size="sm"
      title="Leave without saving?"
      description="The changes made since the last save are lost."
    >
      <DialogFooter>
        <Button variant="secondary" data-autofocus onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
