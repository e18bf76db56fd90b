import type { Answers } from '@contract/forms/answers';
import type { FormDefinition } from '@contract/forms/definition';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { loadFillEngine, type FillEngine } from '../../fill/browser-engine';
import { Questions } from './questions';

/**
 * The builder's live preview: the draft rendered by the fill page's own renderer and engine, so skip
 * logic, constraints and repeats behave as a volunteer will see them. Answers stay in the preview;
 * nothing is saved or sent.
 */
export function FormPreview({ definition }: { definition: FormDefinition }) {
  const [engine, setEngine] = useState<FillEngine | null>(null);
  const [broken, setBroken] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const [language, setLanguage] = useState(definition.languages[0]);
  const [showErrors, setShowErrors] = useState(false);

  useEffect(() => {
    let live = true;
    loadFillEngine(definition)
      .then((loaded) => {
        if (!live) return;
        setEngine(loaded);
        setBroken(false);
      })
      .catch(() => live && setBroken(true));
    return () => {
      live = false;
    };
  }, [definition]);

  const state = useMemo(() => {
    if (!engine) return null;
    try {
      return engine.evaluate(answers, { language });
    } catch {
      return null;
    }
  }, [engine, answers, language]);

  if (broken || (engine && !state))
    return <Alert tone="info">The preview shows again once the form’s expressions can run.</Alert>;
  if (!engine || !state)
    return <p className="text-sm text-slate-600 dark:text-slate-400">Loading the preview…</p>;
  const languages = definition.languages.filter((l) => l !== 'default');
  return (
    <div className="flex flex-col gap-4">
      {languages.length > 1 && (
        <SelectField label="Preview language" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
      )}
      <Questions
        questions={definition.questions}
        parent=""
        engine={engine}
        state={state}
        language={language}
        showErrors={showErrors}
        onUpdate={setAnswers}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setShowErrors(true)}>
          Check answers
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setAnswers({});
            setShowErrors(false);
          }}
        >
          Clear the preview
        </Button>
      </div>
      {showErrors && (
        <p role="status" className="text-sm">
          {state.errors.length === 0
            ? 'These answers would be accepted.'
            : `${state.errors.length} ${state.errors.length === 1 ? 'answer needs' : 'answers need'} a look (shown under each question).`}
        </p>
      )}
    </div>
  );
}
