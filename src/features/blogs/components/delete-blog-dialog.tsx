import type { Blog } from '@contract/blogs';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { blogMessages } from '../blog-management-forms';

/**
 * SPEC §5: deleting asks 'Are you sure you want to delete this blog?'. An alert dialog, so it is
 * announced as a question, focus starts on Cancel (the safe answer) and a stray tap outside does
 * not answer it.
 */
export function DeleteBlogDialog({
  blog,
  pending,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  /** The blog to delete; null keeps the dialog closed. */
  blog: Blog | null;
  pending: boolean;
  onConfirm: (blog: Blog) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog
      open={blog !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      role="alertdialog"
      size="sm"
      title={blog ? `Delete “${blog.title}”?` : 'Delete blog?'}
      description={blogMessages.deleteConfirm}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        It disappears from the public blog at once. This cannot be undone.
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" data-autofocus disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant="danger"
          pending={pending}
          pendingLabel="Deleting..."
          onClick={() => blog && onConfirm(blog)}
        >
          Delete
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
