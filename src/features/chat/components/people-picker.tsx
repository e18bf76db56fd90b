import type { ChatPerson } from '@contract/chat';
import { useId, useState } from 'react';
import { Field } from '@/components/ui/field';

/** A filterable list of checkboxes: who to add to a channel or to write to. */
export function PeoplePicker({
  legend,
  people,
  selected,
  onChange,
  error,
}: {
  legend: string;
  people: readonly ChatPerson[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const [filter, setFilter] = useState('');
  const errorId = useId();
  const q = filter.trim().toLocaleLowerCase();
  const shown = people.filter((p) => !q || p.name.toLocaleLowerCase().includes(q));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <Field
        label="Find a person"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        autoComplete="off"
      />
      <ul className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-1 dark:border-slate-700">
        {shown.length === 0 && (
          <li className="p-2 text-sm text-slate-600 dark:text-slate-400">Nobody matches.</li>
        )}
        {shown.map((person) => (
          <li key={person.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50 dark:hover:bg-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={selected.includes(person.id)}
                onChange={(event) => toggle(person.id, event.target.checked)}
              />
              <span className="text-sm">{person.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
