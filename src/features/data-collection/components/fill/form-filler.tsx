import type { PublicFormDefinition } from '@contract/forms/api';
import type { Answers } from '@contract/forms/answers';
import { localDateTime } from '@contract/forms/engine/metadata';
import { mediaNamesOf } from '@contract/forms/media';
import { CheckCircle2, CloudOff } from 'lucide-react';
import { startTransition, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { requestPersistentStorage } from '@/lib/storage-persistence';
import { getStoredUser } from '@/lib/session';
import { submitResponseAction, submissionUrl } from '../../api/submit-response';
import { loadFillEngine, type FillEngine } from '../../fill/browser-engine';
import { formDrafts, type FormDraft } from '../../fill/form-drafts';
import { formMedia } from '../../fill/form-media';
import { useMountedCount } from '../../fill/mount-in-batches';
import { MediaKeeperContext, type MediaKeeper } from './media-context';
import { controlIdOf } from './question-input';
import { Questions } from './questions';
import { UnsentResponses } from './unsent-responses';

const newDraft = (form: PublicFormDefinition): FormDraft => ({
  instanceId: crypto.randomUUID(),
  formId: form.formId,
  version: form.version,
  answers: {},
  startedAt: new Date().toISOString(),
  updatedAt: Date.now(),
  userId: getStoredUser()?.id ?? null,
});

type Outcome = { kind: 'sent' } | { kind: 'queued' } | { kind: 'rejected'; message: string };

/**
 * The fill page's form (issue 14): the published version rendered by the engine the server checks
 * with, the draft saved on the device on every change, and the finished response queued in the
 * outbox under its instance id, so it arrives exactly once whatever the connection does.
 */
export function FormFiller({ form }: { form: PublicFormDefinition }) {
  const [engine, setEngine] = useState<FillEngine | null>(null);
  const [draft, setDraft] = useState<FormDraft | null>(null);
  const [language, setLanguage] = useState(form.definition.languages[0]);
  const [showErrors, setShowErrors] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  /** The `updatedAt` of the last draft IndexedDB has taken: what the 'saved' line reports. */
  const [savedAt, setSavedAt] = useState(0);
  const errorSummary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    // The form's first render (every question of a long form) runs as a transition: React renders it
    // in slices between which the phone stays responsive, not as one long task (issue 14's TTI budget).
    void loadFillEngine(form.definition).then((loaded) => live && startTransition(() => setEngine(loaded)));
    return () => {
      live = false;
    };
  }, [form.definition]);

  // The draft is loaded once per form version, not per `form` object: a refetch that hands over an
  // equal definition must not put the last saved draft (saves run behind typing) over newer answers.
  const { formId, version } = form;
  const fresh = useEffectEvent(() => newDraft(form));
  useEffect(() => {
    void requestPersistentStorage();
    let live = true;
    void formDrafts
      .latest(formId, getStoredUser()?.id ?? null)
      .then((saved) => {
        if (!live) return;
        // A draft of an older version starts again on the version the page serves now.
        const carriedOn = saved && saved.version === version ? saved : undefined;
        startTransition(() => {
          if (carriedOn) setSavedAt(carriedOn.updatedAt);
          setDraft(carriedOn ?? fresh());
        });
      })
      .catch(() => live && startTransition(() => setDraft(fresh())));
    return () => {
      live = false;
    };
  }, [formId, version]);

  const instanceId = draft?.instanceId;
  // The files this response's media questions take are kept on the device under its instance.
  const keeper = useMemo<MediaKeeper | null>(
    () =>
      instanceId
        ? {
            keep: (name, blob) =>
              formMedia.put({
                formId: form.formId,
                instanceId,
                name,
                blob,
                userId: getStoredUser()?.id ?? null,
              }),
            blobOf: (name) => formMedia.blobOf(instanceId, name),
          }
        : null,
    [form.formId, instanceId],
  );

  // One function for every question's change, so a question whose state did not change skips rendering.
  // Each change is saved on the device as it is made.
  const update = useCallback((change: (answers: Answers) => Answers) => {
    setDraft((current) => {
      if (!current) return current;
      const updated = { ...current, answers: change(current.answers), updatedAt: Date.now() };
      void formDrafts.save(updated).then(() => setSavedAt((at) => Math.max(at, updated.updatedAt)));
      return updated;
    });
  }, []);

  const state = useMemo(
    () =>
      draft && engine ? engine.evaluate(draft.answers, { language, username: getStoredUser()?.name }) : null,
    [engine, draft, language],
  );

  // A long form arrives a few questions at a time (mount-in-batches.ts); all at once for the error summary.
  const mounted = useMountedCount(form.definition.questions, state !== null, showErrors);

  if (!draft || !state || !engine || !keeper)
    return <p className="text-slate-700 dark:text-slate-300">Opening the form…</p>;

  const submit = async () => {
    if (state.errors.length > 0) {
      setShowErrors(true);
      requestAnimationFrame(() => errorSummary.current?.focus());
      return;
    }
    setSending(true);
    const result = await submitResponseAction.submit(
      {
        instanceId: draft.instanceId,
        version: draft.version,
        answers: state.answers,
        // With the phone's offset, so the server judges today() on the date the volunteer saw.
        submittedAt: localDateTime(new Date()),
      },
      { idempotencyKey: draft.instanceId, url: submissionUrl(form.formId) },
    );
    setSending(false);
    if (result.status === 'rejected') {
      setOutcome({ kind: 'rejected', message: result.error.message });
      return;
    }
    // Submitted: its files are due for upload (only those its answers name), once the draft is gone.
    await formMedia.keepOnly(draft.instanceId, mediaNamesOf(form.definition.questions, state.answers));
    await formDrafts.remove(draft.instanceId);
    void import('../../fill/media-uploader').then(({ mediaUploader }) => mediaUploader.start());
    setOutcome({ kind: result.status === 'sent' ? 'sent' : 'queued' });
  };

  const fillAgain = () => {
    const fresh = newDraft(form);
    setDraft(fresh);
    setShowErrors(false);
    setOutcome(null);
    window.scrollTo({ top: 0 });
  };

  const languages = form.definition.languages.filter((l) => l !== 'default');

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <UnsentResponses formId={form.formId} />
        {languages.length > 1 && (
          <SelectField label="Language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {outcome && outcome.kind !== 'rejected' ? (
        <Card className="flex flex-col items-start gap-3" role="status">
          {outcome.kind === 'sent' ? (
            <CheckCircle2 aria-hidden className="size-8 text-emerald-600" />
          ) : (
            <CloudOff aria-hidden className="size-8 text-amber-600" />
          )}
          <p className="font-semibold">
            {outcome.kind === 'sent'
              ? 'Response sent. Thank you!'
              : 'Response saved on this device. It will be sent when there is a connection.'}
          </p>
          <Button onClick={fillAgain}>Fill again</Button>
        </Card>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {showErrors && state.errors.length > 0 && (
            <div ref={errorSummary} tabIndex={-1} className="outline-none">
              <Alert tone="error">
                <p className="font-semibold">
                  {state.errors.length === 1
                    ? 'One answer needs a look:'
                    : `${state.errors.length} answers need a look:`}
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {state.errors.map((e) => (
                    <li key={e.path}>
                      <a className="underline" href={`#${controlIdOf(e.path)}`}>
                        {e.message}
                      </a>
                    </li>
                  ))}
                </ul>
              </Alert>
            </div>
          )}
          {outcome?.kind === 'rejected' && <Alert tone="error">{outcome.message}</Alert>}
          <MediaKeeperContext value={keeper}>
            <Questions
              questions={
                mounted < form.definition.questions.length
                  ? form.definition.questions.slice(0, mounted)
                  : form.definition.questions
              }
              parent=""
              engine={engine}
              state={state}
              language={language}
              showErrors={showErrors}
              onUpdate={update}
            />
          </MediaKeeperContext>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" pending={sending} pendingLabel="Saving…">
              Submit
            </Button>
            {Object.keys(draft.answers).length > 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {savedAt >= draft.updatedAt ? 'Draft saved on this device.' : 'Saving the draft…'}
              </p>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
