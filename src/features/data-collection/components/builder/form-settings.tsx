import type { FormDefinition } from '@contract/forms/definition';
import { ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import {
  addLanguage,
  languageLabel,
  makeDefaultLanguage,
  removeLanguage,
  renameLanguage,
} from '../../builder/definition-edits';

/** The form's own settings: its title, the languages its texts are written in, and how responses are named. */
export function FormSettings({
  definition,
  problems,
  onChange,
}: {
  definition: FormDefinition;
  problems: Record<string, string>;
  onChange: (edit: (definition: FormDefinition) => FormDefinition) => void;
}) {
  return (
    <Fieldset legend="Form settings">
      <Field
        label="Title"
        value={definition.title}
        maxLength={200}
        autoComplete="off"
        error={problems.title}
        onChange={(event) => onChange((d) => ({ ...d, title: event.target.value }))}
      />
      <LanguagesEditor definition={definition} error={problems.languages} onChange={onChange} />
      <Field
        label="Response name (optional)"
        value={definition.instanceName ?? ''}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        error={problems.instanceName}
        hint="An expression naming each response in lists, e.g. concat(${name}, ' – ', ${village})."
        onChange={(event) =>
          onChange(({ instanceName: _previous, ...d }) =>
            event.target.value ? { ...d, instanceName: event.target.value } : d,
          )
        }
      />
    </Fieldset>
  );
}

function LanguagesEditor({
  definition,
  error,
  onChange,
}: {
  definition: FormDefinition;
  error?: string;
  onChange: (edit: (definition: FormDefinition) => FormDefinition) => void;
}) {
  const [adding, setAdding] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const name = adding.trim();
  const clash = definition.languages.includes(name)
    ? `The form already has ${languageLabel(name)}.`
    : undefined;
  return (
    <Fieldset legend="Languages" variant="group" className="flex flex-col gap-3">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Labels, hints and choices are written in each language; the first is the default. Name a language as
        XLSForm does, with its code: English (en), Français (fr).
      </p>
      <ol className="flex flex-col gap-2">
        {definition.languages.map((language, i) => (
          <li
            key={language}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
          >
            <LanguageName
              language={language}
              index={i}
              taken={definition.languages}
              onRename={(to) => onChange((d) => renameLanguage(d, language, to))}
            />
            {confirming === language ? (
              <div
                role="group"
                aria-label={`Remove ${languageLabel(language)}?`}
                className="flex flex-wrap items-center gap-2"
              >
                <p className="text-sm">Remove {languageLabel(language)} and every text written in it?</p>
                <Button
                  variant="danger"
                  className="px-3"
                  onClick={() => {
                    setConfirming(null);
                    onChange((d) => removeLanguage(d, language));
                  }}
                >
                  Remove
                </Button>
                <Button variant="secondary" className="px-3" onClick={() => setConfirming(null)}>
                  Keep it
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-1">
                {i > 0 && (
                  <Button
                    variant="ghost"
                    className="px-3"
                    onClick={() => onChange((d) => makeDefaultLanguage(d, language))}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                    Make default <span className="sr-only">language: {languageLabel(language)}</span>
                  </Button>
                )}
                {definition.languages.length > 1 && (
                  <Button
                    variant="ghost"
                    className="px-3 text-red-700 dark:text-red-300"
                    onClick={() => setConfirming(language)}
                  >
                    <X aria-hidden className="size-4" />
                    Remove <span className="sr-only">{languageLabel(language)}</span>
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field
            label="Add a language"
            value={adding}
            autoComplete="off"
            placeholder="e.g. Kinyarwanda (rw)"
            error={clash}
            onChange={(event) => setAdding(event.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          disabled={!name || !!clash}
          onClick={() => {
            onChange((d) => addLanguage(d, name));
            setAdding('');
          }}
        >
          <Plus aria-hidden className="size-4" />
          Add language
        </Button>
      </div>
    </Fieldset>
  );
}

/** A language's name, renamed everywhere its texts are when the field is left. */
function LanguageName({
  language,
  index,
  taken,
  onRename,
}: {
  language: string;
  index: number;
  taken: readonly string[];
  onRename: (to: string) => void;
}) {
  const [draft, setDraft] = useState(languageLabel(language));
  const name = draft.trim();
  const unchanged = name === languageLabel(language);
  const clash = !unchanged && taken.includes(name) ? `The form already has ${name}.` : undefined;
  return (
    <Field
      label={index === 0 ? `Language ${index + 1} (default)` : `Language ${index + 1}`}
      value={draft}
      autoComplete="off"
      error={clash ?? (name ? undefined : 'A language needs a name.')}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (name && !clash && !unchanged) onRename(name);
        else setDraft(languageLabel(language));
      }}
    />
  );
}
