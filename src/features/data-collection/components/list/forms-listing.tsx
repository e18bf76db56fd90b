import type { FormSummary } from '@contract/forms/api';
import { ClipboardList } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { serverErrorCode, serverErrorMessage } from '@/lib/server-error';
import { useDeleteForm } from '../../api/delete-form';
import { useFormAction } from '../../api/form-actions';
import { useFormList } from '../../api/list-forms';
import { useActionKeys } from '../builder/use-action-keys';
import { DeleteFormDialog } from './delete-form-dialog';
import { FormCard, type FormPermissions } from './form-card';

/**
 * /data-collection: the NGO's forms as cards, newest change first, each with its status, size,
 * responses and actions. Read offline from the saved copy once seen (offline.ts).
 */
export function FormsListing({
  permissions,
  actions,
  emptyAction,
}: {
  permissions: FormPermissions;
  /** The header's action ('New form' for builders). */
  actions?: ReactNode;
  /** The empty state's action. */
  emptyAction?: ReactNode;
}) {
  const { data, status, fetchStatus, error, refetch, isRefetching } = useFormList();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<FormSummary | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; hasResponses: boolean } | null>(null);
  const deleted = useRef(false);
  const remove = useDeleteForm();
  const close = useFormAction();
  const keys = useActionKeys();

  const askDelete = (form: FormSummary, from: HTMLElement) => {
    opener.current = from;
    deleted.current = false;
    setRefusal(null);
    setDeleting(form);
  };

  const confirmDelete = async (form: FormSummary) => {
    const action = `delete:${form.id}`;
    try {
      await remove.mutateAsync({ formId: form.id, idempotencyKey: keys.start(action) });
      keys.settle(action, 204);
      deleted.current = true;
      setDeleting(null);
      notify.success(`“${form.title}” deleted.`);
    } catch (failure) {
      keys.settle(action, errorStatus(failure));
      setRefusal({
        message: serverErrorMessage(failure, 'The form could not be deleted.'),
        hasResponses: serverErrorCode(failure) === 'form_has_responses',
      });
    }
  };

  const closeInstead = async (form: FormSummary) => {
    const action = `close:${form.id}`;
    try {
      await close.mutateAsync({ formId: form.id, action: 'close', idempotencyKey: keys.start(action) });
      keys.settle(action, 200);
      setDeleting(null);
      notify.success('Form closed: the fill link takes no more responses.');
    } catch (failure) {
      keys.settle(action, errorStatus(failure));
      setRefusal({
        message: serverErrorMessage(failure, 'The form could not be closed.'),
        hasResponses: false,
      });
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
          >
            Collect Data
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Your organisation&apos;s forms, who has answered them, and their fill links.
          </p>
        </div>
        {actions}
      </header>
      {status === 'pending' && (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <FormsSkeleton />
        </LoadingOrOffline>
      )}
      {status === 'error' && (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{errorMessage(error, 'The forms could not be loaded.')}</Alert>
          <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {status === 'success' && data.length === 0 && (
        <Card className="flex flex-col items-start gap-3">
          <ClipboardList aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          <p className="font-semibold">No forms yet.</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A form is a list of questions your team or the public answer from a link, on a phone, even
            offline: a household survey, a registration, a monitoring visit. Build one here with text,
            numbers, choices, GPS points and photos, or import an XLSForm from KoboToolbox or ODK.
          </p>
          {emptyAction}
        </Card>
      )}
      {status === 'success' && data.length > 0 && (
        <ul aria-label="Forms" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.map((form) => (
            <li key={form.id} className="min-w-0">
              <FormCard form={form} permissions={permissions} onDelete={askDelete} />
            </li>
          ))}
        </ul>
      )}
      <DeleteFormDialog
        form={deleting}
        pending={remove.isPending}
        closePending={close.isPending}
        refusal={refusal?.message ?? null}
        hasResponses={refusal?.hasResponses ?? false}
        onConfirm={(form) => void confirmDelete(form)}
        onCloseForm={(form) => void closeInstead(form)}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={(event) => {
          // The delete button went with its card: the heading is the next place to read from.
          event.preventDefault();
          const target = deleted.current || !opener.current?.isConnected ? heading.current : opener.current;
          target?.focus();
        }}
      />
    </div>
  );
}

function FormsSkeleton() {
  return (
    <div role="status" aria-label="Loading forms" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-3 p-4">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <div className="flex gap-2">
            <Skeleton className="h-11 w-20" />
            <Skeleton className="h-11 w-28" />
          </div>
        </Card>
      ))}
    </div>
  );
}
