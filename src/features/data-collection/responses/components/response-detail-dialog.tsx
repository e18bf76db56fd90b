import type { Submission } from '@contract/forms/api';
import type { FormDefinition } from '@contract/forms/definition';
import { Pencil } from 'lucide-react';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useEditAnswers } from '../api/edit-answers';
import { useResponse } from '../api/get-response';
import { AnswersEditor } from './answers-editor';
import { AnswersView } from './answers-view';
import { formatInstant } from '../format';
import { ResponseHistory } from './response-history';
import { ResponseMedia } from './response-media';
import { ReviewPanel } from './review-panel';

export interface ResponsePermissions {
  /** responses:review: approve, reject, correct answers. */
  review: boolean;
  /** responses:read: every response and its history (a volunteer reads only their own, without history). */
  readAll: boolean;
}

export interface ResponseDetailDialogProps {
  formId: string;
  /** The open response; undefined when the dialog is closed. */
  responseId: string | undefined;
  definition: FormDefinition;
  language?: string;
  permissions: ResponsePermissions;
  onClose: () => void;
  onCloseAutoFocus?: ComponentProps<typeof Dialog>['onCloseAutoFocus'];
}

/**
 * One response in a dialog (focus kept inside it, Escape closes): when and from whom it came, its
 * review with the reviewer's actions, every answer along the form, Edit answers, and its history.
 */
export function ResponseDetailDialog({
  formId,
  responseId,
  definition,
  language,
  permissions,
  onClose,
  onCloseAutoFocus,
}: ResponseDetailDialogProps) {
  return (
    <Dialog
      open={responseId !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title="Response"
      size="lg"
      closeOnOutsideClick={false}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {responseId !== undefined && (
        <ResponseDetail
          key={responseId}
          formId={formId}
          responseId={responseId}
          definition={definition}
          language={language}
          permissions={permissions}
        />
      )}
    </Dialog>
  );
}

function ResponseDetail({
  formId,
  responseId,
  definition,
  language,
  permissions,
}: {
  formId: string;
  responseId: string;
  definition: FormDefinition;
  language?: string;
  permissions: ResponsePermissions;
}) {
  const query = useResponse(formId, responseId);
  if (query.data)
    return (
      <Loaded
        formId={formId}
        response={query.data}
        definition={definition}
        language={language}
        permissions={permissions}
      />
    );
  if (query.status === 'error')
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">
          {errorStatus(query.error) === 404
            ? 'This response was not found. It may belong to someone else or to another form.'
            : errorMessage(query.error, 'The response could not be loaded.')}
        </Alert>
        {errorStatus(query.error) !== 404 && (
          <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        )}
      </div>
    );
  return (
    <LoadingOrOffline fetchStatus={query.fetchStatus}>
      <div role="status" aria-label="Loading the response" className="flex flex-col gap-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    </LoadingOrOffline>
  );
}

function Loaded({
  formId,
  response,
  definition,
  language,
  permissions,
}: {
  formId: string;
  response: Submission;
  definition: FormDefinition;
  language?: string;
  permissions: ResponsePermissions;
}) {
  const [editing, setEditingState] = useState(false);
  const edit = useEditAnswers(formId, response.id);
  const answersHeading = useRef<HTMLHeadingElement>(null);
  // The editor's buttons go with it: the section's heading is where reading goes on from.
  const setEditing = (on: boolean) => {
    setEditingState(on);
    if (!on) requestAnimationFrame(() => answersHeading.current?.focus());
  };
  const answersId = useId();
  const detailsId = useId();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={detailsId} className="flex flex-col gap-2">
        <h3 id={detailsId} className="text-lg font-bold">
          Details
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Received</dt>
          <dd>
            <time dateTime={response.receivedAt}>{formatInstant(response.receivedAt)}</time>
          </dd>
          {response.submittedAt && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Finished on the device</dt>
              <dd>
                <time dateTime={response.submittedAt}>{formatInstant(response.submittedAt)}</time>
              </dd>
            </>
          )}
          <dt className="text-slate-600 dark:text-slate-400">Submitted by</dt>
          <dd>
            {response.submittedBy
              ? response.submittedBy.name || 'A member'
              : 'The public link, without an account'}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Form version</dt>
          <dd>{response.version}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Instance id</dt>
          <dd className="font-mono text-xs break-all">{response.instanceId}</dd>
        </dl>
      </section>
      <ReviewPanel formId={formId} response={response} canReview={permissions.review} />
      <section aria-labelledby={answersId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={answersId} ref={answersHeading} tabIndex={-1} className="text-lg font-bold outline-none">
            {editing ? 'Edit answers' : 'Answers'}
          </h3>
          {permissions.review && !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" />
              Edit answers
            </Button>
          )}
        </div>
        {editing ? (
          <AnswersEditor
            definition={definition}
            answers={response.answers}
            language={language}
            pending={edit.isPending}
            onCancel={() => setEditing(false)}
            onSave={async (input) => {
              await edit.mutateAsync(input);
              setEditing(false);
              notify.success('Answers saved.');
            }}
          />
        ) : (
          <AnswersView definition={definition} answers={response.answers} language={language} />
        )}
        <ResponseMedia formId={formId} submissionId={response.id} media={response.media} />
      </section>
      {permissions.readAll && (
        <ResponseHistory formId={formId} response={response} definition={definition} language={language} />
      )}
    </div>
  );
}
