import type { Choice, FormDefinition } from '@contract/forms/definition';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { listUsers, renameList, setChoices } from '../../builder/definition-edits';
import { uniqueName } from '../../builder/tree';
import { LocalizedFields } from './localized-fields';

const NEW_LIST = '\u0000new';

/**
 * The choices of a select question: which list it reads (lists are shared: two questions may ask
 * the same choices), and the list's choices with a name (what is stored) and a label per language.
 */
export function ChoicesEditor({
  definition,
  questionName,
  listName,
  onListChange,
  onDefinitionChange,
  error,
}: {
  definition: FormDefinition;
  questionName: string;
  listName: string | undefined;
  /** Points the question at another list. */
  onListChange: (listName: string) => void;
  onDefinitionChange: (edit: (definition: FormDefinition) => FormDefinition) => void;
  error?: string;
}) {
  const lists = Object.keys(definition.choices);
  const choices = (listName && definition.choices[listName]) || [];
  const others = listName ? listUsers(definition, listName).filter((n) => n !== questionName) : [];
  const language = definition.languages[0] ?? 'default';

  const edit = (next: Choice[]) => {
    if (listName) onDefinitionChange((d) => setChoices(d, listName, next));
  };
  const moveChoice = (from: number, to: number) => {
    const next = [...choices];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    edit(next);
  };
  const addChoice = () => {
    const name = uniqueName(`option_${choices.length + 1}`, new Set(choices.map((c) => c.name)));
    edit([...choices, { name, label: { [language]: `Option ${choices.length + 1}` } }]);
  };

  return (
    <Fieldset legend="Choices" className="gap-3">
      <SelectField
        label="Choice list"
        value={listName ?? ''}
        hint="Questions that ask the same choices can share one list."
        onChange={(event) => {
          const value = event.target.value;
          if (value !== NEW_LIST) return onListChange(value);
          const name = uniqueName(questionName, new Set(lists));
          onDefinitionChange((d) =>
            setChoices(d, name, [{ name: 'option_1', label: { [language]: 'Option 1' } }]),
          );
          onListChange(name);
        }}
      >
        {!listName && <option value="">Pick a list</option>}
        {lists.map((list) => (
          <option key={list} value={list}>
            {list} ({definition.choices[list]?.length ?? 0})
          </option>
        ))}
        <option value={NEW_LIST}>New list</option>
      </SelectField>
      {listName && (
        <ListNameField
          key={listName}
          listName={listName}
          taken={lists}
          onRename={(to) => onDefinitionChange((d) => renameList(d, listName, to))}
        />
      )}
      {others.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Shared with {others.join(', ')}: a change here changes their choices too.
        </p>
      )}
      {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      {listName && (
        <ol aria-label={`Choices of ${listName}`} className="flex flex-col gap-3">
          {choices.map((choice, i) => (
            <li key={i}>
              <div
                role="group"
                aria-label={`Choice ${i + 1}`}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
              >
                <div className="grid gap-2 sm:grid-cols-2">
                  <Field
                    label="Choice name"
                    value={choice.name}
                    autoComplete="off"
                    spellCheck={false}
                    hint="Stored in the responses; no spaces."
                    onChange={(event) =>
                      edit(choices.map((c, j) => (j === i ? { ...c, name: event.target.value } : c)))
                    }
                  />
                  <div className="flex flex-col gap-2">
                    <LocalizedFields
                      label="Choice label"
                      value={choice.label}
                      languages={definition.languages}
                      onChange={(label) =>
                        edit(choices.map((c, j) => (j === i ? { ...c, label: label ?? {} } : c)))
                      }
                    />
                  </div>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    className="min-w-11 px-2"
                    disabled={i === 0}
                    onClick={() => moveChoice(i, i - 1)}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                    <span className="sr-only">Move choice {i + 1} up</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-w-11 px-2"
                    disabled={i === choices.length - 1}
                    onClick={() => moveChoice(i, i + 1)}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                    <span className="sr-only">Move choice {i + 1} down</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-w-11 px-2 text-red-700 dark:text-red-300"
                    onClick={() => edit(choices.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden className="size-4" />
                    <span className="sr-only">Remove choice {i + 1}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {listName && (
        <Button variant="secondary" className="self-start px-3" onClick={addChoice}>
          <Plus aria-hidden className="size-4" />
          Add choice
        </Button>
      )}
    </Fieldset>
  );
}

/** The list's name, renamed for every question reading it when the field is left (and the name is free). */
function ListNameField({
  listName,
  taken,
  onRename,
}: {
  listName: string;
  taken: readonly string[];
  onRename: (to: string) => void;
}) {
  const [draft, setDraft] = useState(listName);
  const name = draft.trim();
  const clash = name !== listName && taken.includes(name) ? `Another list is named “${name}”.` : undefined;
  return (
    <Field
      label="List name"
      value={draft}
      autoComplete="off"
      spellCheck={false}
      error={clash ?? (name ? undefined : 'A list needs a name.')}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (name && !clash && name !== listName) onRename(name);
        else setDraft(listName);
      }}
    />
  );
}
