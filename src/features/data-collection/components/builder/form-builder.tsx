import type { FormDetail } from '@contract/forms/api';
import type { FormDefinition, Question } from '@contract/forms/definition';
import { Link } from '@tanstack/react-router';
import { BarChart3, Lock, LockOpen, Save, Send } from 'lucide-react';
import { memo, useDeferredValue, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { serverError, serverErrorMessage } from '@/lib/server-error';
import { useFormAction, type FormAction } from '../../api/form-actions';
import { useFormDetail } from '../../api/get-form';
import { useSaveForm } from '../../api/save-form';
import {
  addQuestion,
  changeKind,
  drop,
  duplicate,
  move,
  removeQuestion,
  renameQuestionReferences,
  selectQuestion,
  updateDefinition,
  updateQuestion,
  type BuilderEdit,
  type BuilderState,
} from '../../builder/builder-state';
import {
  definitionProblems,
  mergeProblems,
  noProblems,
  problemCount,
  problemsFromServer,
  withoutProblemsOf,
  type Problems,
} from '../../builder/problems';
import { sameDefinition } from '../../builder/same-definition';
import { flattenQuestions, isContainer, pathKey, questionAt, type QuestionPath } from '../../builder/tree';
import type { FormPermissions } from '../list/form-card';
import { FormStatusBadge, versionLine } from '../list/form-status-badge';
import { useActionKeys } from './use-action-keys';
import { AddQuestionDialog } from './add-question-dialog';
import { FormSettings } from './form-settings';
import { LeaveGuard } from './leave-guard';
import { PreviewPane } from './preview-pane';
import { QuestionEditor } from './question-editor';
import { QuestionTree, questionTitle } from './question-tree';
import { SharePanel } from './share-panel';

// Drawn again only when the settled definition changes, not on every keystroke of the editor.
const SettledPreview = memo(PreviewPane);

/** /data-collection/forms/{formId}: the form loaded, then its builder (or, for readers, its overview). */
export function FormBuilder({ formId, permissions }: { formId: string; permissions: FormPermissions }) {
  const { data, status, fetchStatus, error, refetch, isRefetching } = useFormDetail(formId);
  if (status === 'pending')
    return (
      <LoadingOrOffline fetchStatus={fetchStatus}>
        <div role="status" aria-label="Loading form" className="flex flex-col gap-4">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        </div>
      </LoadingOrOffline>
    );
  if (status === 'error')
    return (
      <div className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold tracking-tight">
          {errorStatus(error) === 404 ? 'Form not found' : 'Form builder'}
        </h1>
        <Alert tone="error">
          {errorStatus(error) === 404
            ? 'This form does not exist, or it belongs to another organisation.'
            : errorMessage(error, 'The form could not be loaded.')}
        </Alert>
        {errorStatus(error) !== 404 && (
          <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  return permissions.build ? (
    <BuilderEditor key={data.id} form={data} permissions={permissions} />
  ) : (
    <FormOverview form={data} permissions={permissions} />
  );
}

function Header({
  form,
  title,
  permissions,
  children,
}: {
  form: FormDetail;
  title: string;
  permissions: FormPermissions;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {title.trim() || 'Untitled form'}
        </h1>
        <span className="mt-2">
          <FormStatusBadge status={form.status} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span>{versionLine(form)}</span>
        {children}
      </div>
      {permissions.readResponses && (
        <Link
          to="/data-collection/responses/$formId"
          params={{ formId: form.id }}
          className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
        >
          <BarChart3 aria-hidden className="size-4" />
          Responses ({form.responseCount})
        </Link>
      )}
    </header>
  );
}

/** A reader's view: the form's questions and its link, nothing to change. */
function FormOverview({ form, permissions }: { form: FormDetail; permissions: FormPermissions }) {
  return (
    <div className="flex flex-col gap-6">
      <Header form={form} title={form.draft.title} permissions={permissions} />
      <Alert tone="info">You can read this form; building and changing forms is for staff and admins.</Alert>
      <div className="grid gap-4 lg:grid-cols-2">
        <PreviewPane definition={form.draft} />
        <SharePanel
          formId={form.id}
          title={form.draft.title}
          published={form.publishedVersion !== null}
          open={form.status === 'open'}
          dirty={false}
        />
      </div>
    </div>
  );
}

function BuilderEditor({ form, permissions }: { form: FormDetail; permissions: FormPermissions }) {
  const [state, setState] = useState<BuilderState>(() => ({
    definition: form.draft,
    selected: form.draft.questions.length ? [0] : null,
  }));
  const [saved, setSaved] = useState<FormDefinition>(form.draft);
  const [serverProblems, setServerProblems] = useState<Problems>(noProblems);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);
  const [confirmingDelete, setConfirmingDelete] = useState<number[] | null>(null);
  const [running, setRunning] = useState<'save' | FormAction | null>(null);
  const editorHeading = useRef<HTMLHeadingElement>(null);
  const offline = useOffline();
  const offlineNote = useId();
  const save = useSaveForm();
  const action = useFormAction();
  const saveKey = useIdempotencyKey();
  const actionKeys = useActionKeys();

  const { definition, selected } = state;
  const language = definition.languages[0] ?? 'default';
  const dirty = useMemo(() => !sameDefinition(definition, saved), [definition, saved]);
  // Checking and previewing a long form takes a moment: typing never waits for them.
  const settled = useDeferredValue(definition);
  const clientProblems = useMemo(() => definitionProblems(settled), [settled]);
  const problems = useMemo(
    () => mergeProblems(clientProblems, serverProblems),
    [clientProblems, serverProblems],
  );
  const count = problemCount(problems);
  const selectedQuestion = selected ? questionAt(definition.questions, selected) : undefined;

  /** Applies an edit; the server's messages about what it touched no longer hold. */
  const apply = (edit: BuilderEdit, touched: QuestionPath | 'form' | 'all') => {
    setState(edit);
    setServerProblems((p) =>
      touched === 'all' ? noProblems() : withoutProblemsOf(p, touched === 'form' ? 'form' : pathKey(touched)),
    );
  };

  const titleOf = (path: QuestionPath) => {
    const q = questionAt(definition.questions, path);
    return q ? `“${questionTitle(q, language)}”` : 'the question';
  };

  const saveDraft = async (): Promise<FormDetail | null> => {
    setFailure(null);
    const sent = definition;
    const found = problemCount(definitionProblems(sent));
    if (found) {
      setFailure(
        `${found === 1 ? 'One problem' : `${found} problems`} to fix before saving: they are marked next to the questions.`,
      );
      return null;
    }
    setRunning('save');
    try {
      const result = await save.mutateAsync({
        formId: form.id,
        definition: sent,
        idempotencyKey: saveKey.start(),
      });
      saveKey.renew();
      setSaved(result.draft);
      // What the server stored is the draft now, unless more was typed while it was on its way.
      setState((s) => (s.definition === sent ? { ...s, definition: result.draft } : s));
      setServerProblems(noProblems());
      return result;
    } catch (error) {
      if (answerRenewsKey(errorStatus(error))) saveKey.renew();
      const fields = serverError(error)?.fields;
      if (fields) setServerProblems(problemsFromServer(sent, fields));
      setFailure(serverErrorMessage(error, 'The form could not be saved.'));
      return null;
    } finally {
      setRunning(null);
    }
  };

  const onSave = async () => {
    if (await saveDraft()) notify.success('Saved.');
  };

  const runAction = async (kind: FormAction) => {
    // Publishing publishes the saved draft: what is on screen is saved first.
    if (kind === 'publish' && dirty && !(await saveDraft())) return;
    setFailure(null);
    setRunning(kind);
    try {
      const result = await action.mutateAsync({
        formId: form.id,
        action: kind,
        idempotencyKey: actionKeys.start(kind),
      });
      actionKeys.settle(kind, 200);
      setServerProblems(noProblems());
      notify.success(
        kind === 'publish'
          ? `Published: the fill link serves version ${result.publishedVersion ?? ''}.`
          : kind === 'close'
            ? 'Closed: the fill link takes no more responses.'
            : 'Opened: the fill link takes responses again.',
      );
    } catch (error) {
      actionKeys.settle(kind, errorStatus(error));
      const refusal = serverError(error);
      if (refusal?.code === 'form_invalid' && refusal.fields) {
        setServerProblems(problemsFromServer(definition, refusal.fields));
        setFailure(
          `${refusal.message || 'The form has problems to fix before it can be published.'} They are marked next to the questions.`,
        );
      } else
        setFailure(
          serverErrorMessage(
            error,
            `The form could not be ${kind === 'publish' ? 'published' : `${kind}d`}.`,
          ),
        );
    } finally {
      setRunning(null);
    }
  };

  const select = (path: number[]) => setState(selectQuestion(path));

  const deleteNow = (path: number[]) => {
    setAnnouncement(`Deleted ${titleOf(path)}.`);
    apply(removeQuestion(path), 'all');
  };

  const canPublish = permissions.publish && (form.status === 'draft' || form.hasUnpublishedChanges || dirty);
  const busy = running !== null;
  const whereNew = !selectedQuestion
    ? 'at the end of the form'
    : isContainer(selectedQuestion)
      ? `inside ${titleOf(selected!)}`
      : `after ${titleOf(selected!)}`;

  return (
    <div className="flex flex-col gap-6">
      <LeaveGuard dirty={dirty} />
      <Header form={form} title={definition.title} permissions={permissions}>
        <span aria-hidden>·</span>
        <span
          role="status"
          className={dirty ? 'font-semibold text-amber-800 dark:text-amber-200' : undefined}
        >
          {dirty ? 'Unsaved changes' : 'Saved'}
        </span>
      </Header>
      <div className="flex flex-col gap-2">
        {offline && (
          <NeedsNetworkNote id={offlineNote}>
            You are offline: your changes stay on this screen until you save online.
          </NeedsNetworkNote>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant={canPublish ? 'secondary' : 'primary'}
            disabled={!dirty || busy || offline}
            pending={running === 'save'}
            pendingLabel="Saving..."
            onClick={() => void onSave()}
          >
            <Save aria-hidden className="size-4" />
            Save
          </Button>
          {canPublish && (
            <Button
              disabled={busy || offline}
              pending={running === 'publish'}
              pendingLabel="Publishing..."
              onClick={() => void runAction('publish')}
            >
              <Send aria-hidden className="size-4" />
              {dirty ? 'Save and publish' : 'Publish'}
            </Button>
          )}
          {permissions.publish && form.status === 'open' && (
            <Button
              variant="secondary"
              disabled={busy || offline}
              pending={running === 'close'}
              pendingLabel="Closing..."
              onClick={() => void runAction('close')}
            >
              <Lock aria-hidden className="size-4" />
              Close form
            </Button>
          )}
          {permissions.publish && form.status === 'closed' && (
            <Button
              variant="secondary"
              disabled={busy || offline}
              pending={running === 'open'}
              pendingLabel="Opening..."
              onClick={() => void runAction('open')}
            >
              <LockOpen aria-hidden className="size-4" />
              Open form
            </Button>
          )}
        </div>
        {!permissions.publish && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            An admin publishes the form once it is ready.
          </p>
        )}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      {count > 0 && (
        <ProblemList
          problems={problems}
          questions={definition.questions}
          language={language}
          onSelect={select}
        />
      )}

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="flex flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Questions</h2>
            <AddQuestionDialog
              where={whereNew}
              onAdd={(kind) => apply(addQuestion(kind), 'all')}
              onAdded={() => setFocusRequest((n) => n + 1)}
            />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Drag a question to move it, or select it and use its buttons.
          </p>
          <QuestionTree
            questions={definition.questions}
            language={language}
            selected={selected}
            problems={problems.questions}
            announcement={announcement}
            onSelect={select}
            // On a phone the editor is under the list: 'Edit' takes the reader there.
            onEdit={() => editorHeading.current?.focus()}
            onMove={(path, direction) => {
              setAnnouncement(
                `Moved ${titleOf(path)} ${direction === 'into' ? 'into the group above' : direction === 'out' ? 'out of its group' : direction}.`,
              );
              apply(move(path, direction), 'all');
            }}
            onDrop={(from, parent, index) => {
              setAnnouncement(`Moved ${titleOf(from)}.`);
              apply(drop(from, parent, index), 'all');
            }}
            onDuplicate={(path) => {
              setAnnouncement(`Duplicated ${titleOf(path)}.`);
              apply(duplicate(path), 'all');
            }}
            onDelete={(path) => {
              const q = questionAt(definition.questions, path);
              if (q?.children?.length) setConfirmingDelete(path);
              else deleteNow(path);
            }}
          />
        </Card>
        <Card className="p-4">
          {selected && selectedQuestion ? (
            <QuestionEditor
              key={pathKey(selected)}
              definition={definition}
              path={selected}
              question={selectedQuestion}
              problems={problems.questions[pathKey(selected)] ?? {}}
              focusRequest={focusRequest}
              headingRef={editorHeading}
              onChange={(edit) => apply(updateQuestion(selected, edit), selected)}
              onDefinitionChange={(edit) => apply(updateDefinition(edit), selected)}
              onKindChange={(kind) => apply(changeKind(selected, kind), selected)}
              onRenamed={(from, to) => apply(renameQuestionReferences(from, to), 'all')}
            />
          ) : (
            <div className="flex flex-col gap-2">
              <h2 ref={editorHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
                Edit question
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Select a question in the list to edit it, or add one.
              </p>
            </div>
          )}
        </Card>
      </div>

      <FormSettings
        definition={definition}
        problems={problems.form}
        onChange={(edit) => apply(updateDefinition(edit), 'form')}
      />

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <SettledPreview definition={settled} />
        <SharePanel
          formId={form.id}
          title={settled.title}
          published={form.publishedVersion !== null}
          open={form.status === 'open'}
          dirty={dirty}
        />
      </div>

      <Dialog
        open={confirmingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingDelete(null);
        }}
        role="alertdialog"
        size="sm"
        title={confirmingDelete ? `Delete ${titleOf(confirmingDelete)} and its questions?` : 'Delete?'}
        description="Everything inside it is deleted too. Nothing is saved until you press Save."
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" data-autofocus>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              if (confirmingDelete) deleteNow(confirmingDelete);
              setConfirmingDelete(null);
            }}
          >
            Delete
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}

/** Every problem in one list, each leading to its question. */
function ProblemList({
  problems,
  questions,
  language,
  onSelect,
}: {
  problems: Problems;
  questions: readonly Question[];
  language: string;
  onSelect: (path: number[]) => void;
}) {
  const entries = flattenQuestions(questions).flatMap(({ question, path }) =>
    Object.entries(problems.questions[pathKey(path)] ?? {}).map(([field, message]) => ({
      key: `${pathKey(path)}:${field}`,
      path,
      title: questionTitle(question, language),
      message,
    })),
  );
  const count = problemCount(problems);
  return (
    <Card className="flex flex-col gap-2 border-red-300 p-4 dark:border-red-800">
      <h2 className="text-base font-semibold text-red-800 dark:text-red-300">
        {count === 1 ? '1 problem' : `${count} problems`} to fix
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {Object.entries(problems.form).map(([field, message]) => (
          <li key={`form:${field}`}>Form settings: {message}</li>
        ))}
        {entries.map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              aria-label={`Go to ${entry.title}`}
              className="min-h-11 text-left underline underline-offset-2 sm:min-h-0"
              onClick={() => onSelect(entry.path)}
            >
              {entry.title}
            </button>
            : {entry.message}
          </li>
        ))}
        {problems.other.map((message) => (
          <li key={`other:${message}`}>{message}</li>
        ))}
      </ul>
    </Card>
  );
}
