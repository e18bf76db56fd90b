import type { FormSummary } from '@contract/forms/api';
import { Link } from '@tanstack/react-router';
import { BarChart3, ExternalLink, Link2, Lock, LockOpen, Pencil, Send, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { copyText } from '@/components/ui/copy-field';
import { errorStatus } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { relativeTimeAgo } from '@/lib/saved-label';
import { serverErrorCode, serverErrorMessage } from '@/lib/server-error';
import { useFormAction, type FormAction } from '../../api/form-actions';
import { fillUrl } from '../../builder/fill-link';
import { useActionKeys } from '../builder/use-action-keys';
import { FormStatusBadge, versionLine } from './form-status-badge';

export interface FormPermissions {
  /** forms:build: edit drafts, make forms. */
  build: boolean;
  /** forms:publish: publish, close, open, delete. */
  publish: boolean;
  /** responses:read. */
  readResponses: boolean;
}

const actionClass = buttonClass('secondary', 'px-3');

const done: Record<FormAction, string> = {
  publish: 'Form published.',
  close: 'Form closed: the fill link takes no more responses.',
  open: 'Form opened: the fill link takes responses again.',
};

/** A visible word with the form's title for screen readers: 'Edit Household survey'. */
function Named({ word, title }: { word: string; title: string }) {
  return (
    <>
      {word} <span className="sr-only">{title}</span>
    </>
  );
}

function Stat({ children }: { children: ReactNode }) {
  return <li className="text-sm text-slate-700 dark:text-slate-300">{children}</li>;
}

/** One form of /data-collection: what it is, how it is doing, and what can be done with it. */
export function FormCard({
  form,
  permissions,
  onDelete,
}: {
  form: FormSummary;
  permissions: FormPermissions;
  onDelete: (form: FormSummary, opener: HTMLElement) => void;
}) {
  const action = useFormAction();
  const keys = useActionKeys();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [running, setRunning] = useState<FormAction | null>(null);
  const link = fillUrl(form.id);

  const run = async (kind: FormAction) => {
    setRefusal(null);
    setRunning(kind);
    try {
      await action.mutateAsync({ formId: form.id, action: kind, idempotencyKey: keys.start(kind) });
      keys.settle(kind, 200);
      notify.success(done[kind]);
    } catch (error) {
      keys.settle(kind, errorStatus(error));
      setRefusal(
        serverErrorCode(error) === 'form_invalid'
          ? 'The form has problems to fix before it can be published: open it in the builder to see them.'
          : serverErrorMessage(
              error,
              `The form could not be ${kind === 'publish' ? 'published' : `${kind}d`}.`,
            ),
      );
    } finally {
      setRunning(null);
    }
  };

  const canPublish = permissions.publish && (form.status === 'draft' || form.hasUnpublishedChanges);
  const published = form.publishedVersion !== null;
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg leading-snug font-semibold break-words">
          {permissions.build ? (
            <Link
              to="/data-collection/forms/$formId"
              params={{ formId: form.id }}
              className="hover:underline focus-visible:underline"
            >
              {form.title}
            </Link>
          ) : (
            form.title
          )}
        </h2>
        <FormStatusBadge status={form.status} />
      </div>
      <ul className="flex flex-col gap-0.5">
        <Stat>
          {form.questionCount} {form.questionCount === 1 ? 'question' : 'questions'} · {form.responseCount}{' '}
          {form.responseCount === 1 ? 'response' : 'responses'}
        </Stat>
        <Stat>
          {form.lastSubmissionAt ? (
            <>
              Last response{' '}
              <time dateTime={form.lastSubmissionAt} title={new Date(form.lastSubmissionAt).toLocaleString()}>
                {relativeTimeAgo(Date.parse(form.lastSubmissionAt))}
              </time>
            </>
          ) : (
            'No responses yet'
          )}
        </Stat>
        {permissions.build && <Stat>{versionLine(form)}</Stat>}
      </ul>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <div className="mt-auto flex flex-wrap gap-2">
        {permissions.build && (
          <Link to="/data-collection/forms/$formId" params={{ formId: form.id }} className={actionClass}>
            <Pencil aria-hidden className="size-4" />
            <Named word="Edit" title={form.title} />
          </Link>
        )}
        {permissions.readResponses && (
          <Link to="/data-collection/responses/$formId" params={{ formId: form.id }} className={actionClass}>
            <BarChart3 aria-hidden className="size-4" />
            <Named word="Responses" title={form.title} />
          </Link>
        )}
        {form.status === 'open' && (
          <a href={link} target="_blank" rel="noopener" className={actionClass}>
            <ExternalLink aria-hidden className="size-4" />
            <Named word="Fill" title={form.title} /> <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        {published && (
          <Button
            variant="secondary"
            className="px-3"
            onClick={() =>
              void copyText(link, 'Link').then((copied) => {
                if (!copied) setRefusal(`Copying was refused. The fill link is ${link}`);
              })
            }
          >
            <Link2 aria-hidden className="size-4" />
            Copy link <span className="sr-only">of {form.title}</span>
          </Button>
        )}
        {canPublish && (
          <Button
            className="px-3"
            pending={running === 'publish'}
            disabled={running !== null}
            onClick={() => void run('publish')}
          >
            <Send aria-hidden className="size-4" />
            <Named word="Publish" title={form.title} />
          </Button>
        )}
        {permissions.publish && form.status === 'open' && (
          <Button
            variant="secondary"
            className="px-3"
            pending={running === 'close'}
            disabled={running !== null}
            onClick={() => void run('close')}
          >
            <Lock aria-hidden className="size-4" />
            <Named word="Close" title={form.title} />
          </Button>
        )}
        {permissions.publish && form.status === 'closed' && (
          <Button
            variant="secondary"
            className="px-3"
            pending={running === 'open'}
            disabled={running !== null}
            onClick={() => void run('open')}
          >
            <LockOpen aria-hidden className="size-4" />
            <Named word="Open" title={form.title} />
          </Button>
        )}
        {permissions.publish && (
          <Button
            variant="ghost"
            className="px-3 text-red-700 dark:text-red-300"
            onClick={(event) => onDelete(form, event.currentTarget)}
          >
            <Trash2 aria-hidden className="size-4" />
            <Named word="Delete" title={form.title} />
          </Button>
        )}
      </div>
    </Card>
  );
}
