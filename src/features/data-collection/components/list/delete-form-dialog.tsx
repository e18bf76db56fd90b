import type { FormSummary } from '@contract/forms/api';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';

/**
 * 'Delete “Household survey”?': an alert dialog, so it is announced as a question, focus starts on
 * Cancel and a stray tap outside does not answer it. A form with responses cannot be deleted (409):
 * the dialog then says to close it instead and offers that.
 */
export function DeleteFormDialog({
  form,
  pending,
  refusal,
  hasResponses,
  closePending,
  onConfirm,
  onCloseForm,
  onCancel,
  onCloseAutoFocus,
}: {
  /** The form to delete; null keeps the dialog closed. */
  form: FormSummary | null;
  pending: boolean;
  /** Why the last attempt failed. */
  refusal: string | null;
  /** The server said the form has responses (409 form_has_responses). */
  hasResponses: boolean;
  closePending: boolean;
  onConfirm: (form: FormSummary) => void;
  onCloseForm: (form: FormSummary) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog
      open={form !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      role="alertdialog"
      size="sm"
      title={form ? `Delete “${form.title}”?` : 'Delete form?'}
      description="The form and its versions are deleted. This cannot be undone."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {hasResponses ? (
        <Alert tone="error">
          This form has responses, so it cannot be deleted. Close it instead: the fill link stops taking
          responses and the responses are kept.
        </Alert>
      ) : (
        refusal && <Alert tone="error">{refusal}</Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" data-autofocus disabled={pending || closePending}>
            Cancel
          </Button>
        </DialogClose>
        {hasResponses ? (
          form?.status === 'open' && (
            <Button pending={closePending} pendingLabel="Closing..." onClick={() => onCloseForm(form)}>
              Close the form
            </Button>
          )
        ) : (
          <Button
            variant="danger"
            pending={pending}
            pendingLabel="Deleting..."
            onClick={() => form && onConfirm(form)}
          >
            Delete
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
