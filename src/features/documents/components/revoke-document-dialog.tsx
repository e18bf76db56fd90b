import { zodResolver } from '@hookform/resolvers/zod';
import {
  documentRevoke,
  DOCUMENT_REASON_MAX,
  formatCode,
  type DocumentRevoke,
  type IssuedDocument,
} from '@contract/documents';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { TextAreaField } from '@/components/ui/text-area-field';
import { applyServerError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useRevokeDocument } from '../api/revoke-document';
import { kindLabel } from '../documents-filter';

/**
 * Revoking a document, with the reason (required: it goes to the audit trail). The verification page
 * then says the document was revoked, and when. Online only; revoking cannot be undone.
 */
export function RevokeDocumentDialog({
  doc,
  onOpenChange,
  onCloseAutoFocus,
}: {
  doc: IssuedDocument;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const revoke = useRevokeDocument();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DocumentRevoke>({ resolver: zodResolver(documentRevoke), defaultValues: { reason: '' } });
  const code = formatCode(doc.code);

  const onValid = (body: DocumentRevoke) => {
    setFailure(null);
    revoke.mutate(
      { documentId: doc.id, body },
      {
        onSuccess: () => {
          notify.success(`Document ${code} is revoked.`);
          onOpenChange(false);
        },
        onError: (error) =>
          setFailure(
            applyServerError(error, setError, ['reason'], 'The document could not be revoked. Try again.'),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={`Revoke document ${code}?`}
      description={`The ${kindLabel[doc.kind].toLowerCase()} of ${doc.volunteerName} will show as revoked to anyone who checks it. This cannot be undone.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextAreaField
          label="Reason"
          rows={3}
          required
          maxLength={DOCUMENT_REASON_MAX}
          hint="Kept in the audit trail; not shown on the verification page."
          error={errors.reason?.message}
          {...register('reason')}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep document</Button>
          </DialogClose>
          <OnlineSubmitButton
            variant="danger"
            offlineReason="Revoking a document needs a connection."
            pending={revoke.isPending}
            pendingLabel="Revoking..."
          >
            Revoke document
          </OnlineSubmitButton>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
