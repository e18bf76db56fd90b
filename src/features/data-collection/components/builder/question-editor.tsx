import { isSelectType, textIn, type FormDefinition, type Question } from '@contract/forms/definition';
import { useEffect, useId, useRef, type Ref } from 'react';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import {
  appearanceSuggestions,
  hasAppearance,
  hasChoiceList,
  holdsValue,
  isAnswered,
  isLabelled,
  kindOf,
  kindsFor,
  withAppearance,
  type QuestionKindId,
} from '../../builder/question-kinds';
import { SELF } from '../../builder/rules';
import { flattenQuestions, isWithin, type QuestionPath } from '../../builder/tree';
import { CheckboxField } from './checkbox-field';
import { ChoicesEditor } from './choices-editor';
import { ChoicesFile } from './choices-file';
import { LocalizedFields } from './localized-fields';
import { LogicEditor, type RuleSubject } from './logic-editor';
import { QuestionKindIcon } from './question-kind-icon';

const TRUE = 'true()';

export interface QuestionEditorProps {
  definition: FormDefinition;
  path: QuestionPath;
  question: Question;
  /** The question's problems by field (the client's and the server's). */
  problems: Record<string, string>;
  onChange: (edit: (question: Question) => Question) => void;
  onDefinitionChange: (edit: (definition: FormDefinition) => FormDefinition) => void;
  onKindChange: (kind: QuestionKindId) => void;
  /** The name field was left after a change: `${from}` becomes `${to}` in the form's expressions. */
  onRenamed: (from: string, to: string) => void;
  /** Bumped to move the focus to the first field (after adding a question). */
  focusRequest: number;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** `question` with `field` set, or removed when `value` is empty. */
function set<K extends keyof Question>(
  question: Question,
  field: K,
  value: Question[K] | undefined,
): Question {
  const next = { ...question };
  if (value === undefined || value === '' || (typeof value === 'object' && !Object.keys(value).length))
    delete next[field];
  else next[field] = value;
  return next;
}

/** The questions another question's rules may read: those holding a value, not itself nor inside it. */
function subjectsFor(definition: FormDefinition, path: QuestionPath): RuleSubject[] {
  const language = definition.languages[0] ?? 'default';
  return flattenQuestions(definition.questions)
    .filter(({ question, path: p }) => holdsValue(question.type) && !isWithin(p, path))
    .map(({ question }) => ({
      name: question.name,
      label: textIn(question.label, language).trim() || question.name,
      type: question.type,
      ...(question.listName &&
        hasChoiceList(question.type) && {
          choices: definition.choices[question.listName] ?? [],
          choiceLabel: (c) => textIn(c.label, language),
        }),
    }));
}

/**
 * The selected question's editor: what it is called and says, whether it must be answered, its
 * choices or parameters, and when it shows and what it accepts (rule builders over `relevant` and
 * `constraint`). Each field edits the definition at once; 'Save' sends the whole.
 */
export function QuestionEditor({
  definition,
  path,
  question,
  problems,
  onChange,
  onDefinitionChange,
  onKindChange,
  onRenamed,
  focusRequest,
  headingRef,
}: QuestionEditorProps) {
  const { type } = question;
  const kind = kindOf(question);
  const languages = definition.languages;
  const nameAtFocus = useRef<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const datalistId = useId();

  useEffect(() => {
    if (focusRequest > 0) firstField.current?.focus();
  }, [focusRequest]);

  const answered = isAnswered(type);
  const required = question.required;
  const requiredIsExpression = required !== undefined && required !== TRUE && required !== 'yes';
  const readOnlyIsExpression =
    question.readOnly !== undefined && question.readOnly !== TRUE && question.readOnly !== 'yes';
  const ruleSubjects = subjectsFor(definition, path);
  const selfSubject: RuleSubject = {
    name: SELF,
    label: 'This answer',
    type,
    ...(question.listName &&
      hasChoiceList(type) && {
        choices: definition.choices[question.listName] ?? [],
        choiceLabel: (c) => textIn(c.label, languages[0]),
      }),
  };
  const suggestions = appearanceSuggestions(type);

  return (
    <div className="flex flex-col gap-5">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <QuestionKindIcon kind={kind.id} className="size-5 text-brand-700 dark:text-brand-100" />
        Edit question
        <span className="sr-only">: {textIn(question.label, languages[0]) || question.name}</span>
      </h2>
      <Fieldset legend="The question">
        <SelectField
          label="Type"
          value={kind.id}
          onChange={(event) => onKindChange(event.target.value as QuestionKindId)}
        >
          {kindsFor(question).map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </SelectField>
        <Field
          ref={isLabelled(type) ? undefined : firstField}
          label="Name"
          value={question.name}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          error={problems.name}
          hint="Unique in the form; other questions' rules read it as ${name}, exports use it as the column."
          onFocus={() => {
            nameAtFocus.current = question.name;
          }}
          onBlur={() => {
            const from = nameAtFocus.current;
            nameAtFocus.current = null;
            if (from !== null && from !== question.name) onRenamed(from, question.name);
          }}
          onChange={(event) => onChange((q) => ({ ...q, name: event.target.value.trim() }))}
        />
        {isLabelled(type) ? (
          <>
            <LabelFields
              firstField={firstField}
              question={question}
              languages={languages}
              problems={problems}
              onChange={onChange}
            />
            <LocalizedFields
              label="Hint"
              value={question.hint}
              languages={languages}
              error={problems.hint}
              onChange={(hint) => onChange((q) => set(q, 'hint', hint))}
            />
          </>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {type === 'calculate' || type === 'hidden'
              ? 'Never shown to the person filling the form; its value is kept with the response.'
              : 'Filled in by the device; never shown to the person filling the form.'}
          </p>
        )}
      </Fieldset>

      {(answered || type === 'calculate' || type === 'hidden' || type === 'range' || isSelectType(type)) && (
        <Fieldset legend="The answer">
          {answered && (
            <>
              <CheckboxField
                label="Required"
                checked={required !== undefined}
                hint={requiredIsExpression ? `Required when: ${required}` : undefined}
                onChange={(on) => onChange((q) => set(q, 'required', on ? TRUE : undefined))}
              />
              {required !== undefined && (
                <LocalizedFields
                  label="Message when it is missing"
                  value={question.requiredMessage}
                  languages={languages}
                  error={problems.required ?? problems.requiredMessage}
                  onChange={(message) => onChange((q) => set(q, 'requiredMessage', message))}
                />
              )}
              <CheckboxField
                label="Read only"
                checked={question.readOnly !== undefined}
                hint={
                  readOnlyIsExpression ? `Read only when: ${question.readOnly}` : 'Shown but not changeable.'
                }
                onChange={(on) => onChange((q) => set(q, 'readOnly', on ? TRUE : undefined))}
              />
            </>
          )}
          {(answered || type === 'hidden') && (
            <Field
              label="Default"
              value={question.default ?? ''}
              autoComplete="off"
              error={problems.default}
              hint="The answer already filled in when the form opens."
              onChange={(event) => onChange((q) => set(q, 'default', event.target.value))}
            />
          )}
          {type === 'calculate' && (
            <TextAreaField
              label="Calculation"
              rows={3}
              spellCheck={false}
              className="font-mono text-sm"
              value={question.calculation ?? ''}
              error={problems.calculation}
              hint="An expression, e.g. ${price} * ${quantity}."
              onChange={(event) => onChange((q) => set(q, 'calculation', event.target.value))}
            />
          )}
          {type === 'range' && (
            <div className="grid grid-cols-3 gap-2">
              {(['start', 'end', 'step'] as const).map((param, i) => (
                <Field
                  key={param}
                  label={param[0]!.toUpperCase() + param.slice(1)}
                  inputMode="decimal"
                  autoComplete="off"
                  value={question.parameters?.[param] ?? ''}
                  error={i === 0 ? problems.parameters : undefined}
                  onChange={(event) =>
                    onChange((q) => ({
                      ...q,
                      parameters: { ...q.parameters, [param]: event.target.value.trim() },
                    }))
                  }
                />
              ))}
            </div>
          )}
          {(type === 'select_one' || type === 'select_multiple') && (
            <CheckboxField
              label="Offer “Other” with a text box (or_other)"
              checked={question.orOther === true}
              onChange={(on) => onChange((q) => set(q, 'orOther', on ? true : undefined))}
            />
          )}
        </Fieldset>
      )}

      {hasChoiceList(type) && (
        <ChoicesEditor
          definition={definition}
          questionName={question.name}
          listName={question.listName}
          error={problems.choices ?? problems.listName}
          onListChange={(listName) => onChange((q) => ({ ...q, listName }))}
          onDefinitionChange={onDefinitionChange}
        />
      )}
      {isSelectType(type) && !hasChoiceList(type) && (
        <ChoicesFile
          definition={definition}
          listName={question.listName}
          error={problems.listName}
          onListChange={(listName) => onChange((q) => set(q, 'listName', listName))}
          onDefinitionChange={onDefinitionChange}
        />
      )}

      {(type === 'group' || type === 'repeat') && (
        <Fieldset legend={type === 'group' ? 'The group' : 'The repeat'}>
          <CheckboxField
            label="Show all its questions on one screen (field-list)"
            checked={hasAppearance(question.appearance, 'field-list')}
            onChange={(on) =>
              onChange((q) => set(q, 'appearance', withAppearance(q.appearance, 'field-list', on)))
            }
          />
          {type === 'repeat' && (
            <Field
              label="Repeat count"
              value={question.repeatCount ?? ''}
              autoComplete="off"
              spellCheck={false}
              error={problems.repeatCount}
              hint="How many times it is asked: a number or an expression such as ${household_size}. Empty: the person adds as many as needed."
              onChange={(event) => onChange((q) => set(q, 'repeatCount', event.target.value))}
            />
          )}
        </Fieldset>
      )}

      {isLabelled(type) && (
        <Fieldset legend="Logic">
          <LogicEditor
            key={`relevant:${path.join('.')}`}
            legend="Show this question only when…"
            description="Leave empty to always show it."
            expression={question.relevant}
            error={problems.relevant}
            subjects={ruleSubjects}
            onChange={(relevant) => onChange((q) => set(q, 'relevant', relevant))}
          />
          {answered && (
            <>
              <LogicEditor
                key={`constraint:${path.join('.')}`}
                legend="The answer must…"
                description="Rules an answer has to meet; leave empty to accept any answer."
                expression={question.constraint}
                error={problems.constraint}
                subjects={[selfSubject, ...ruleSubjects.filter((s) => s.name !== question.name)]}
                onChange={(constraint) => onChange((q) => set(q, 'constraint', constraint))}
              />
              {question.constraint && (
                <LocalizedFields
                  label="Message when the answer is refused"
                  value={question.constraintMessage}
                  languages={languages}
                  error={problems.constraintMessage}
                  onChange={(message) => onChange((q) => set(q, 'constraintMessage', message))}
                />
              )}
            </>
          )}
        </Fieldset>
      )}

      <details className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">More settings</summary>
        <div className="mt-3 flex flex-col gap-4">
          <Field
            label="Appearance"
            value={question.appearance ?? ''}
            list={suggestions.length ? datalistId : undefined}
            autoComplete="off"
            spellCheck={false}
            error={problems.appearance}
            hint={
              suggestions.length
                ? `Words that change how it is shown, e.g. ${suggestions.slice(0, 3).join(', ')}.`
                : 'Words that change how it is shown (XLSForm appearance).'
            }
            onChange={(event) => onChange((q) => set(q, 'appearance', event.target.value))}
          />
          {suggestions.length > 0 && (
            <datalist id={datalistId}>
              {suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          )}
          {isSelectType(type) && (
            <Field
              label="Choice filter"
              value={question.choiceFilter ?? ''}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              error={problems.choiceFilter}
              hint="An expression choosing which choices show, e.g. county = ${county}."
              onChange={(event) => onChange((q) => set(q, 'choiceFilter', event.target.value))}
            />
          )}
          {answered && requiredIsExpression && (
            <Field
              label="Required when (expression)"
              value={required ?? ''}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              error={problems.required}
              onChange={(event) => onChange((q) => set(q, 'required', event.target.value))}
            />
          )}
        </div>
      </details>
    </div>
  );
}

function LabelFields({
  firstField,
  question,
  languages,
  problems,
  onChange,
}: {
  firstField: Ref<HTMLInputElement>;
  question: Question;
  languages: readonly string[];
  problems: Record<string, string>;
  onChange: QuestionEditorProps['onChange'];
}) {
  // The first language's label takes the focus after adding a question: it is what people type first.
  return (
    <>
      {languages.map((language, i) => (
        <Field
          key={language}
          ref={i === 0 ? firstField : undefined}
          label={languages.length > 1 ? `Label (${language === 'default' ? 'Default' : language})` : 'Label'}
          value={question.label?.[language] ?? ''}
          autoComplete="off"
          error={i === 0 ? problems.label : undefined}
          hint={i === 0 && question.type === 'note' ? 'The text to read.' : undefined}
          onChange={(event) =>
            onChange((q) => {
              const label = { ...q.label, [language]: event.target.value };
              if (!event.target.value) delete label[language];
              return set(q, 'label', label);
            })
          }
        />
      ))}
    </>
  );
}
