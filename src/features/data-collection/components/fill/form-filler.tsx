import type { PublicFormDefinition } from '@contract/forms/api';
import type { Answers } from '@contract/forms/answers';
import { textIn, type Question } from '@contract/forms/definition';
import { CheckCircle2, CloudOff, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { requestPersistentStorage } from '@/lib/storage-persistence';
import { getStoredUser } from '@/lib/session';
import { submitResponseAction, submissionUrl } from '../../api/submit-response';
import { addRepeatInstance, removeRepeatInstance, repeatCount, setAnswer } from '../../fill/answer-paths';
import { loadFillEngine, type FillEngine, type FillState } from '../../fill/browser-engine';
import { formDrafts, type FormDraft } from '../../fill/form-drafts';
import { controlIdOf, QuestionInput } from './question-input';
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
  const errorSummary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void loadFillEngine(form.definition).then((loaded) => live && setEngine(loaded));
    return () => {
      live = false;
    };
  }, [form.definition]);

  useEffect(() => {
    void requestPersistentStorage();
    let live = true;
    void formDrafts
      .latest(form.formId, getStoredUser()?.id ?? null)
      .then((saved) => {
        if (!live) return;
        // A draft of an older version starts again on the version the page serves now.
        setDraft(saved && saved.version === form.version ? saved : newDraft(form));
      })
      .catch(() => live && setDraft(newDraft(form)));
    return () => {
      live = false;
    };
  }, [form]);

  const state = useMemo(
    () =>
      draft && engine ? engine.evaluate(draft.answers, { language, username: getStoredUser()?.name }) : null,
    [engine, draft, language],
  );

  if (!draft || !state || !engine)
    return <p className="text-slate-700 dark:text-slate-300">Opening the form…</p>;

  const change = (next: Answers) => {
    const updated = { ...draft, answers: next, updatedAt: Date.now() };
    setDraft(updated);
    void formDrafts.save(updated);
  };

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
        submittedAt: new Date().toISOString(),
      },
      { idempotencyKey: draft.instanceId, url: submissionUrl(form.formId) },
    );
    setSending(false);
    if (result.status === 'rejected') {
      setOutcome({ kind: 'rejected', message: result.error.message });
      return;
    }
    await formDrafts.remove(draft.instanceId);
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
          <Questions
            questions={form.definition.questions}
            parent=""
            engine={engine}
            state={state}
            answers={draft.answers}
            language={language}
            showErrors={showErrors}
            onChange={change}
          />
          <Button type="submit" pending={sending} pendingLabel="Saving…" className="self-start">
            Submit
          </Button>
        </form>
      )}
    </div>
  );
}

interface QuestionsProps {
  questions: readonly Question[];
  /** The path of the group or repeat instance they are in ('' at the root). */
  parent: string;
  engine: FillEngine;
  state: FillState;
  answers: Answers;
  language: string | undefined;
  showErrors: boolean;
  onChange(answers: Answers): void;
}

/** The questions of one level, skipping what the form's logic hides; groups and repeats recurse. */
function Questions(props: QuestionsProps) {
  const { questions, parent, state, answers, language, onChange, engine, showErrors } = props;
  return (
    <>
      {questions.map((q) => {
        const path = parent ? `${parent}/${q.name}` : q.name;
        if (q.type === 'repeat') return <Repeat key={path} {...props} question={q} path={path} />;
        const node = state.node(path);
        if (!node?.relevant) return null;
        if (q.type === 'group')
          return (
            <Fieldset key={path} legend={textIn(q.label, language) || q.name}>
              <Questions {...props} questions={q.children ?? []} parent={path} />
            </Fieldset>
          );
        return (
          <QuestionInput
            key={path}
            question={q}
            path={path}
            value={node.value}
            language={language}
            required={node.required}
            readOnly={node.readOnly}
            error={showErrors ? node.error : undefined}
            choices={engine.choicesFor(path, state)}
            onChange={(value) => onChange(setAnswer(answers, path, value))}
          />
        );
      })}
    </>
  );
}

/** A repeat's instances, each a card with its questions, with Add and Remove (unless repeat_count fixes them). */
function Repeat(props: QuestionsProps & { question: Question; path: string }) {
  const { question, path, state, answers, language, onChange } = props;
  const { count: instances, relevant } = state.repeat(path);
  const fixed = Boolean(question.repeatCount);
  const label = textIn(question.label, language) || question.name;
  if (!relevant) return null;
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold">{label}</h2>
      {Array.from({ length: instances }, (_, i) => {
        const instancePath = `${path}[${i + 1}]`;
        return (
          <Fieldset key={instancePath} legend={`${label} ${i + 1}`}>
            <Questions {...props} questions={question.children ?? []} parent={instancePath} />
            {!fixed && (
              <Button
                variant="ghost"
                className="self-start text-red-700 dark:text-red-400"
                onClick={() => onChange(removeRepeatInstance(answers, path, i + 1))}
              >
                <Trash2 aria-hidden className="size-4" />
                Remove {label} {i + 1}
              </Button>
            )}
          </Fieldset>
        );
      })}
      {!fixed && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            const next = addRepeatInstance(answers, path);
            onChange(next);
            requestAnimationFrame(() =>
              document.getElementById(`${controlIdOf(`${path}[${repeatCount(next, path)}]`)}`)?.focus(),
            );
          }}
        >
          <Plus aria-hidden className="size-4" />
          {instances === 0 ? `Add ${label}` : `Add another ${label}`}
        </Button>
      )}
    </section>
  );
}
