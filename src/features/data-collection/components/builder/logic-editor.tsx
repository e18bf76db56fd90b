import type { Choice, QuestionType } from '@contract/forms/definition';
import { Code, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import {
  operatorLabels,
  operatorNeedsValue,
  operatorsFor,
  parseRules,
  ruleProblem,
  rulesToExpression,
  SELF,
  valueKindOf,
  type Rule,
  type RuleJoin,
} from '../../builder/rules';

/** A question a rule can read: its name, how it is shown, its type and, for a select, its choices. */
export interface RuleSubject {
  name: string;
  label: string;
  type: QuestionType;
  choices?: readonly Choice[];
  choiceLabel?: (choice: Choice) => string;
}

type Row = Rule & { id: number };

// Row keys only need to differ within one editor; a module counter keeps them so without a ref.
let lastRowId = 0;
const withIds = (rules: Rule[]): Row[] => rules.map((rule) => ({ ...rule, id: ++lastRowId }));

/**
 * A readable editor of one expression (`relevant`, `constraint`): rows of [question] [condition]
 * [value] joined by all or any, written as the XLSForm expression; 'Edit as expression' shows the
 * text itself. An expression the rows cannot say stays raw text, and the editor says so.
 */
export function LogicEditor({
  legend,
  description,
  expression,
  onChange,
  subjects,
  error,
}: {
  legend: string;
  description: string;
  expression: string | undefined;
  onChange: (expression: string | undefined) => void;
  /** The questions rows may read; SELF ('This answer') first for a constraint. */
  subjects: readonly RuleSubject[];
  error?: string;
}) {
  const [initial] = useState(() => parseRules(expression));
  const [raw, setRaw] = useState(initial === null);
  const [rows, setRows] = useState<Row[]>(() => withIds(initial?.rules ?? []));
  const [join, setJoin] = useState<RuleJoin>(initial?.join ?? 'and');
  const [note, setNote] = useState<string | null>(
    initial === null ? 'This expression cannot be shown as rules, so it is kept as written.' : null,
  );
  const noteId = useId();
  const subjectOf = (name: string) => subjects.find((s) => s.name === name);

  const write = (nextRows: Row[], nextJoin: RuleJoin) => {
    setRows(nextRows);
    setJoin(nextJoin);
    const text = rulesToExpression({ join: nextJoin, rules: nextRows }, (name) =>
      valueKindOf(subjectOf(name)?.type),
    );
    onChange(text || undefined);
  };

  const updateRow = (id: number, patch: Partial<Rule>) =>
    write(
      rows.map((row) => {
        if (row.id !== id) return row;
        const next = { ...row, ...patch };
        // A new question may not take the old condition (a select's 'includes' on a number).
        if (patch.subject !== undefined) {
          const allowed = operatorsFor(subjectOf(patch.subject)?.type);
          if (!allowed.includes(next.operator)) next.operator = allowed[0]!;
          if (patch.subject !== row.subject) next.value = '';
        }
        return next;
      }),
      join,
    );

  const addRow = () => {
    const subject = subjects[0];
    write(
      [
        ...rows,
        ...withIds([{ subject: subject?.name ?? '', operator: operatorsFor(subject?.type)[0]!, value: '' }]),
      ],
      join,
    );
  };

  const toggleRaw = () => {
    if (!raw) {
      setRaw(true);
      setNote(null);
      return;
    }
    const parsed = parseRules(expression);
    if (!parsed) {
      setNote('This expression cannot be shown as rules, so it stays as written.');
      return;
    }
    setRows(withIds(parsed.rules));
    setJoin(parsed.join);
    setRaw(false);
    setNote(null);
  };

  return (
    <Fieldset legend={legend} variant="group" className="flex flex-col gap-3">
      <p className="text-xs text-slate-600 dark:text-slate-400">{description}</p>
      {raw ? (
        <TextAreaField
          label="Expression"
          rows={3}
          spellCheck={false}
          className="font-mono text-sm"
          value={expression ?? ''}
          error={error}
          describedBy={note ? noteId : undefined}
          hint="XLSForm syntax: ${name} for another question's answer, . for this one."
          onChange={(event) => onChange(event.target.value || undefined)}
        />
      ) : (
        <>
          {rows.length === 0 && (
            <p className="text-sm text-slate-700 dark:text-slate-300">No rules: {emptyMeaning(legend)}</p>
          )}
          {rows.length > 1 && (
            <SelectField
              label="Match"
              value={join}
              onChange={(event) => write(rows, event.target.value as RuleJoin)}
            >
              <option value="and">All of these rules</option>
              <option value="or">Any of these rules</option>
            </SelectField>
          )}
          {rows.length > 0 && (
            <ol className="flex flex-col gap-3">
              {rows.map((row, i) => (
                <RuleRow
                  key={row.id}
                  row={row}
                  index={i}
                  subjects={subjects}
                  onChange={(patch) => updateRow(row.id, patch)}
                  onRemove={() =>
                    write(
                      rows.filter((r) => r.id !== row.id),
                      join,
                    )
                  }
                />
              ))}
            </ol>
          )}
          {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
          {expression && (
            <p className="text-xs break-all text-slate-600 dark:text-slate-400">
              Expression: <code className="font-mono">{expression}</code>
            </p>
          )}
        </>
      )}
      <p id={noteId} role="status" className="text-sm text-amber-800 empty:hidden dark:text-amber-200">
        {note}
      </p>
      <div className="flex flex-wrap gap-2">
        {!raw && (
          <Button variant="secondary" className="px-3" onClick={addRow} disabled={subjects.length === 0}>
            <Plus aria-hidden className="size-4" />
            Add rule
          </Button>
        )}
        <Button variant="ghost" className="px-3" aria-pressed={raw} onClick={toggleRaw}>
          <Code aria-hidden className="size-4" />
          Edit as expression
        </Button>
      </div>
    </Fieldset>
  );
}

const emptyMeaning = (legend: string) =>
  legend.startsWith('Show') ? 'the question is always shown.' : 'any answer is accepted.';

function RuleRow({
  row,
  index,
  subjects,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  subjects: readonly RuleSubject[];
  onChange: (patch: Partial<Rule>) => void;
  onRemove: () => void;
}) {
  const subject = subjects.find((s) => s.name === row.subject);
  const operators = operatorsFor(subject?.type);
  const kind = valueKindOf(subject?.type);
  const problem = ruleProblem(row);
  const choices = subject?.choices;
  return (
    <li>
      <div
        role="group"
        aria-label={`Rule ${index + 1}`}
        className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end dark:border-slate-700"
      >
        {/* The question on a line of its own: its label is the longest part of the rule. */}
        <div className="sm:col-span-3">
          <SelectField
            label="Question"
            value={row.subject}
            onChange={(event) => onChange({ subject: event.target.value })}
          >
            {!subject && (
              <option value={row.subject}>
                {row.subject ? `${row.subject} (not in this form)` : 'Pick a question'}
              </option>
            )}
            {subjects.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name === SELF ? s.label : `${s.label} (${s.name})`}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          label="Condition"
          value={row.operator}
          onChange={(event) => onChange({ operator: event.target.value as Rule['operator'] })}
        >
          {(operators.includes(row.operator) ? operators : [row.operator, ...operators]).map((op) => (
            <option key={op} value={op}>
              {operatorLabels[op]}
            </option>
          ))}
        </SelectField>
        {operatorNeedsValue(row.operator) ? (
          choices && choices.length > 0 ? (
            <SelectField
              label="Value"
              value={row.value}
              error={problem ?? undefined}
              onChange={(event) => onChange({ value: event.target.value })}
            >
              <option value="">Pick a choice</option>
              {row.value && !choices.some((c) => c.name === row.value) && (
                <option value={row.value}>{row.value}</option>
              )}
              {choices.map((c) => (
                <option key={c.name} value={c.name}>
                  {subject?.choiceLabel?.(c) || c.name}
                </option>
              ))}
            </SelectField>
          ) : (
            <Field
              label="Value"
              value={row.value}
              autoComplete="off"
              inputMode={kind === 'number' ? 'decimal' : undefined}
              placeholder={kind === 'date' ? 'YYYY-MM-DD or today()' : undefined}
              error={problem ?? undefined}
              onChange={(event) => onChange({ value: event.target.value })}
            />
          )
        ) : (
          <span aria-hidden className="hidden sm:block" />
        )}
        <Button variant="ghost" className="min-w-11 self-end justify-self-start px-2" onClick={onRemove}>
          <X aria-hidden className="size-4" />
          <span className="sr-only">Remove rule {index + 1}</span>
        </Button>
      </div>
    </li>
  );
}
