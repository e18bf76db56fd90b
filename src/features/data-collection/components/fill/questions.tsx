import type { Answers } from '@contract/forms/answers';
import { textIn, type Question } from '@contract/forms/definition';
import { Plus, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Button } from '@/components/ui/button';
import { Fieldset } from '@/components/ui/fieldset';
import { addRepeatInstance, removeRepeatInstance, setAnswer } from '../../fill/answer-paths';
import type { FillEngine, FillState } from '../../fill/browser-engine';
import { controlIdOf, QuestionInput, type QuestionInputProps } from './question-input';

/*
 * A form's questions as the engine's state shows them: what its logic hides is not rendered, groups are
 * sections, repeats numbered blocks with Add and Remove. The fill page and the builder's preview both
 * render through this.
 */

export interface QuestionsProps {
  questions: readonly Question[];
  /** The path of the group or repeat instance they are in ('' at the root). */
  parent: string;
  engine: FillEngine;
  state: FillState;
  language: string | undefined;
  showErrors: boolean;
  /** Changes the answers (a state setter's updater): one stable function, so unchanged questions skip rendering. */
  onUpdate(change: (answers: Answers) => Answers): void;
}

type ControlProps = Omit<QuestionInputProps, 'onChange'> & {
  onUpdate: QuestionsProps['onUpdate'];
};

const sameChoices = (a: readonly unknown[], b: readonly unknown[]) =>
  a === b || (a.length === b.length && a.every((c, i) => c === b[i]));

/**
 * One question's control, rendered again only when what it shows changed: an answer typed re-renders
 * its own question and those whose state it changed, not the whole form (each evaluation makes new
 * choice lists, so those compare by their choices).
 */
const QuestionControl = memo(
  function QuestionControl({ onUpdate, ...props }: ControlProps) {
    return (
      <QuestionInput {...props} onChange={(value) => onUpdate((a) => setAnswer(a, props.path, value))} />
    );
  },
  (before, after) =>
    before.question === after.question &&
    before.path === after.path &&
    before.value === after.value &&
    before.language === after.language &&
    before.required === after.required &&
    before.readOnly === after.readOnly &&
    before.error === after.error &&
    before.onUpdate === after.onUpdate &&
    sameChoices(before.choices, after.choices),
);

/** The questions of one level, skipping what the form's logic hides; groups and repeats recurse. */
export function Questions(props: QuestionsProps) {
  const { questions, parent, state, language, onUpdate, engine, showErrors } = props;
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
          <QuestionControl
            key={path}
            question={q}
            path={path}
            value={node.value}
            language={language}
            required={node.required}
            readOnly={node.readOnly}
            error={showErrors ? node.error : undefined}
            choices={engine.choicesFor(path, state)}
            onUpdate={onUpdate}
          />
        );
      })}
    </>
  );
}

/** A repeat's instances, each a card with its questions, with Add and Remove (unless repeat_count fixes them). */
function Repeat(props: QuestionsProps & { question: Question; path: string }) {
  const { question, path, state, language, onUpdate } = props;
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
                onClick={() => onUpdate((a) => removeRepeatInstance(a, path, i + 1))}
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
            onUpdate((a) => addRepeatInstance(a, path));
            requestAnimationFrame(() =>
              document.getElementById(controlIdOf(`${path}[${instances + 1}]`))?.focus(),
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
