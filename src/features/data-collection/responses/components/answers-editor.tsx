import type { Answers } from '@contract/forms/answers';
import {
  isMediaType,
  isMetadataType,
  textIn,
  type FormDefinition,
  type Question,
} from '@contract/forms/definition';
import { useMemo, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { serverError, serverErrorMessage } from '@/lib/server-error';
import { addRepeatInstance, removeRepeatInstance, setAnswer } from '../../fill/answer-paths';
import { answerTree, pathLabel, type AnswerNode } from '../answer-tree';
import { questionLabel } from '../form-questions';

export interface AnswersEditorProps {
  definition: FormDefinition;
  answers: Answers;
  language?: string;
  pending: boolean;
  onSave: (input: { answers: Answers; comment: string }) => Promise<unknown>;
  onCancel: () => void;
}

/** Answers a reviewer does not type: the device's metadata, calculations and file names. */
const notTyped = (q: Question) => isMetadataType(q.type) || q.type === 'calculate' || isMediaType(q.type);

const inputTypes: Partial<Record<Question['type'], string>> = { date: 'date', time: 'time', email: 'email' };
const inputModes: Partial<Record<Question['type'], 'numeric' | 'decimal'>> = {
  integer: 'numeric',
  decimal: 'decimal',
  range: 'decimal',
};

/**
 * A simple corrector of a response's answers: a text input per answer (a list for a select one,
 * boxes for a select multiple), the response's groups and repeat instances as fieldsets; the
 * server checks the whole as a new send would be and names each refused answer by its path, shown
 * under its input. A repeat's instances can be added and removed, unless the form computes their
 * number (`repeat_count`).
 */
export function AnswersEditor({
  definition,
  answers,
  language,
  pending,
  onSave,
  onCancel,
}: AnswersEditorProps) {
  const [draft, setDraft] = useState<Answers>(answers);
  const [comment, setComment] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const tree = useMemo(() => answerTree(definition, draft), [definition, draft]);

  const shown = useMemo(() => {
    const paths = new Set<string>();
    const walk = (nodes: AnswerNode[]) =>
      nodes.forEach((n) =>
        n.kind === 'answer'
          ? !notTyped(n.question) && paths.add(n.path)
          : n.kind === 'group'
            ? walk(n.children)
            : n.instances.forEach(walk),
      );
    walk(tree);
    return paths;
  }, [tree]);

  const change = (path: string, value: string) => {
    setDraft((d) => setAnswer(d, path, value));
    setFieldErrors((e) => {
      if (!(path in e)) return e;
      const rest = { ...e };
      delete rest[path];
      return rest;
    });
  };

  /** Adds or removes a repeat's instance; messages under that repeat no longer match their paths. */
  const reshape = (repeatPath: string, next: (d: Answers) => Answers) => {
    setDraft(next);
    setFieldErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([path]) => !path.startsWith(`${repeatPath}[`))),
    );
  };
  const repeats: RepeatEditing = {
    add: (path) => reshape(path, (d) => addRepeatInstance(d, path)),
    remove: (path, index) => reshape(path, (d) => removeRepeatInstance(d, path, index)),
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAlert(null);
    try {
      await onSave({ answers: draft, comment });
    } catch (failure) {
      const fields = serverError(failure)?.fields ?? {};
      setFieldErrors(fields);
      const elsewhere = Object.entries(fields).filter(([path]) => !shown.has(path));
      setAlert(
        elsewhere.length
          ? elsewhere
              .map(([path, message]) => `${pathLabel(definition, path, language)}: ${message}`)
              .join(' ')
          : Object.keys(fields).length
            ? 'Some answers are not accepted: see the messages under them.'
            : serverErrorMessage(failure, 'The answers could not be saved.'),
      );
      // The first refused answer gets the focus, where its message is read with it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-label="Edit answers"
    >
      {alert && <Alert tone="error">{alert}</Alert>}
      <EditorNodes
        nodes={tree}
        language={language}
        errors={fieldErrors}
        onChange={change}
        repeats={repeats}
      />
      <TextAreaField
        label="Why these changes (optional)"
        rows={2}
        maxLength={2000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <OnlineSubmitButton
          offlineReason="You are offline. Saving answers needs a connection."
          pending={pending}
          pendingLabel="Saving…"
        >
          Save answers
        </OnlineSubmitButton>
      </div>
    </form>
  );
}

interface RepeatEditing {
  add: (repeatPath: string) => void;
  /** `index` is 1-based, as in paths. */
  remove: (repeatPath: string, index: number) => void;
}

function EditorNodes({
  nodes,
  language,
  errors,
  onChange,
  repeats,
}: {
  nodes: AnswerNode[];
  language?: string;
  errors: Record<string, string>;
  onChange: (path: string, value: string) => void;
  repeats: RepeatEditing;
}) {
  const inner = { language, errors, onChange, repeats };
  return (
    <>
      {nodes.map((node) => {
        const label = questionLabel(node.question, language);
        if (node.kind === 'group')
          return (
            <Fieldset key={node.path} legend={label}>
              <EditorNodes nodes={node.children} {...inner} />
            </Fieldset>
          );
        if (node.kind === 'repeat') {
          // A computed number of instances is the form's to set, not the reviewer's.
          const fixed = Boolean(node.question.repeatCount);
          return (
            <div key={node.path} className="flex flex-col gap-3">
              {node.instances.map((instance, i) => (
                <Fieldset key={`${node.path}[${i + 1}]`} legend={`${label} ${i + 1}`}>
                  <EditorNodes nodes={instance} {...inner} />
                  {!fixed && (
                    <Button
                      variant="ghost"
                      className="self-start"
                      onClick={() => repeats.remove(node.path, i + 1)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      Remove {label} {i + 1}
                    </Button>
                  )}
                </Fieldset>
              ))}
              {!fixed && (
                <Button variant="secondary" className="self-start" onClick={() => repeats.add(node.path)}>
                  <Plus aria-hidden className="size-4" />
                  Add {label}
                </Button>
              )}
            </div>
          );
        }
        if (notTyped(node.question)) return null;
        return (
          <AnswerInput
            key={node.path}
            node={node}
            label={label}
            language={language}
            error={errors[node.path]}
            onChange={onChange}
          />
        );
      })}
    </>
  );
}

function AnswerInput({
  node,
  label,
  language,
  error,
  onChange,
}: {
  node: Extract<AnswerNode, { kind: 'answer' }>;
  label: string;
  language?: string;
  error: string | undefined;
  onChange: (path: string, value: string) => void;
}) {
  const { question, choices, value, path } = node;
  const choiceText = (name: string, text: Record<string, string>) => textIn(text, language) || name;
  if ((question.type === 'select_one' || question.type === 'select_one_from_file') && choices.length > 0) {
    const known = choices.some((c) => c.name === value);
    return (
      <SelectField label={label} value={value} error={error} onChange={(e) => onChange(path, e.target.value)}>
        <option value="">No answer</option>
        {choices.map((c) => (
          <option key={c.name} value={c.name}>
            {choiceText(c.name, c.label)}
          </option>
        ))}
        {value && !known && <option value={value}>{value}</option>}
      </SelectField>
    );
  }
  if (
    (question.type === 'select_multiple' || question.type === 'select_multiple_from_file') &&
    choices.length > 0
  ) {
    const selected = new Set(value.split(/\s+/).filter(Boolean));
    const errorId = `answer-${path}-error`;
    const toggle = (name: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(name);
      else next.delete(name);
      onChange(path, [...next].join(' '));
    };
    return (
      <Fieldset legend={label} variant="group" aria-describedby={error ? errorId : undefined}>
        <div className="flex flex-col">
          {choices.map((c) => (
            <label key={c.name} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0"
                checked={selected.has(c.name)}
                onChange={(e) => toggle(c.name, e.target.checked)}
              />
              <span>{choiceText(c.name, c.label)}</span>
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </Fieldset>
    );
  }
  return (
    <Field
      label={label}
      type={inputTypes[question.type] ?? 'text'}
      inputMode={inputModes[question.type]}
      value={value}
      error={error}
      hint={
        question.type === 'geopoint'
          ? 'Latitude, longitude, altitude and accuracy, separated by spaces.'
          : undefined
      }
      onChange={(e) => onChange(path, e.target.value)}
    />
  );
}
