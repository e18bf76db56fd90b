import { textIn } from '@contract/forms/definition';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Fieldset } from '@/components/ui/fieldset';
import type { QuestionInputProps } from './question-input';

type Props = QuestionInputProps & { label: string; hint: string | undefined; id: string };

const OTHER = 'other';

function Message({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
      {hint}
    </p>
  ) : null;
}

/** Radio buttons (select one) or checkboxes (select multiple, values joined by spaces), 44 px rows. */
export function ChoiceInput(props: Props & { multiple: boolean }) {
  const { id, label, hint, error, value, onChange, choices, language, readOnly, multiple, question } = props;
  const selected = new Set(value.split(' ').filter(Boolean));
  const options = question.orOther ? [...choices, { name: OTHER, label: { default: 'Other' } }] : choices;
  const toggle = (name: string, on: boolean) => {
    if (!multiple) return onChange(on ? name : '');
    const next = options.map((c) => c.name).filter((n) => (n === name ? on : selected.has(n)));
    onChange(next.join(' '));
  };
  return (
    <Fieldset
      legend={label}
      variant="group"
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
    >
      <div className="flex flex-col gap-1">
        {options.map((c) => (
          <label
            key={c.name}
            className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50 dark:hover:bg-slate-800/60"
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              className="size-5 shrink-0"
              checked={selected.has(c.name)}
              disabled={readOnly}
              onChange={(e) => toggle(c.name, e.target.checked)}
            />
            <span>{textIn(c.label, language) || c.name}</span>
          </label>
        ))}
        {options.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No choices to show.</p>
        )}
      </div>
      <Message id={id} error={error} hint={hint} />
    </Fieldset>
  );
}

/** Rank: every choice in the order the person puts them, moved with buttons (keyboard and touch alike). */
export function RankInput(props: Props) {
  const { id, label, hint, error, value, onChange, choices, language, readOnly } = props;
  const known = new Map(choices.map((c) => [c.name, c]));
  const current = value.split(' ').filter((n) => known.has(n));
  const order =
    current.length > 0
      ? [...current, ...choices.map((c) => c.name).filter((n) => !current.includes(n))]
      : choices.map((c) => c.name);
  const move = (from: number, to: number) => {
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next.join(' '));
  };
  return (
    <Fieldset legend={label} variant="group" id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <ol className="flex flex-col gap-1">
        {order.map((name, i) => {
          const text = textIn(known.get(name)?.label, language) || name;
          return (
            <li
              key={name}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-2 dark:border-slate-700"
            >
              <span className="w-6 text-right font-semibold">{i + 1}.</span>
              <span className="flex-1">{text}</span>
              <Button
                variant="ghost"
                className="px-2"
                disabled={readOnly || i === 0}
                aria-label={`Move ${text} up`}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"

                disabled={readOnly || i === order.length - 1}
                aria-label={`Move ${text} down`}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
            </li>
          );
        })}
      </ol>
      {current.length === 0 && !readOnly && (
        <Button variant="secondary" className="self-start" onClick={() => onChange(order.join(' '))}>
          Keep this order
        </Button>
      )}
      <Message id={id} error={error} hint={hint} />
    </Fieldset>
  );
}
