import { textIn, type Choice, type Question } from '@contract/forms/definition';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { ChoiceInput, RankInput } from './choice-inputs';
import { lazy, Suspense } from 'react';
import { GeoInput } from './geo-input';

// Only forms that ask for a file or a barcode load their controls (a form of text and choices is
// most of them, and the fill page's first load is counted in KB on 2G).
const MediaInput = lazy(() => import('./media-input').then((m) => ({ default: m.MediaInput })));
const BarcodeInput = lazy(() => import('./barcode-input').then((m) => ({ default: m.BarcodeInput })));
const loadingControl = <p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>;
import { RangeInput } from './range-input';

export interface QuestionInputProps {
  question: Question;
  /** The engine's path of the node ('member[2]/age'), unique on the page: the control's id. */
  path: string;
  value: string;
  language: string | undefined;
  required: boolean;
  readOnly: boolean;
  error?: string | undefined;
  choices: readonly Choice[];
  onChange(value: string): void;
}

export const controlIdOf = (path: string) => `q-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The label as the form writes it in the chosen language, marked when an answer is required. */
export function questionLabel(question: Question, language: string | undefined, required: boolean) {
  const label = textIn(question.label, language) || question.name;
  return required ? `${label} *` : label;
}

/** `YYYY-MM-DDTHH:mm` (what datetime-local shows) ⇄ the ISO instant the form stores. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
const fromLocalInput = (local: string) => (local ? new Date(local).toISOString() : '');

/**
 * One question's control, chosen by its type (and appearance), labelled with its label and hint in
 * the form's language, its message announced. Values are the text the instance holds.
 */
export function QuestionInput(props: QuestionInputProps) {
  const { question, path, value, language, required, readOnly, error, onChange } = props;
  const label = questionLabel(question, language, required);
  const hint = textIn(question.hint, language) || undefined;
  const id = controlIdOf(path);
  const common = { id, label, hint, error, readOnly, disabled: readOnly };
  const appearance = question.appearance ?? '';
  switch (question.type) {
    case 'note':
      return (
        <div id={id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
          <p className="font-medium">{textIn(question.label, language)}</p>
          {hint && <p className="mt-1 text-slate-700 dark:text-slate-300">{hint}</p>}
        </div>
      );
    case 'barcode':
      return (
        <Suspense fallback={loadingControl}>
          <BarcodeInput {...props} label={label} hint={hint} id={id} />
        </Suspense>
      );
    case 'text':
      return appearance.includes('multiline') ? (
        <TextAreaField {...common} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Field {...common} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      );
    case 'integer':
      return (
        <Field
          {...common}
          inputMode="numeric"
          pattern="-?[0-9]*"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      );
    case 'decimal':
      return (
        <Field
          {...common}
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      );
    case 'range':
      return <RangeInput {...props} label={label} hint={hint} id={id} />;
    case 'date':
      return <Field {...common} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'time':
      return (
        <Field {...common} type="time" value={value.slice(0, 5)} onChange={(e) => onChange(e.target.value)} />
      );
    case 'dateTime':
      return (
        <Field
          {...common}
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => onChange(fromLocalInput(e.target.value))}
        />
      );
    case 'select_one':
    case 'select_one_from_file':
      if (appearance.includes('minimal'))
        return (
          <SelectField {...common} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose…</option>
            {props.choices.map((c) => (
              <option key={c.name} value={c.name}>
                {textIn(c.label, language) || c.name}
              </option>
            ))}
          </SelectField>
        );
      return <ChoiceInput {...props} label={label} hint={hint} id={id} multiple={false} />;
    case 'select_multiple':
    case 'select_multiple_from_file':
      return <ChoiceInput {...props} label={label} hint={hint} id={id} multiple />;
    case 'rank':
      return <RankInput {...props} label={label} hint={hint} id={id} />;
    case 'acknowledge':
      return (
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            id={id}
            type="checkbox"
            className="size-5"
            checked={value === 'OK'}
            disabled={readOnly}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onChange(e.target.checked ? 'OK' : '')}
          />
          {label}
          {error && (
            <span id={`${id}-error`} className="text-red-700 dark:text-red-400">
              {error}
            </span>
          )}
        </label>
      );
    case 'geopoint':
    case 'geotrace':
    case 'geoshape':
      return <GeoInput {...props} label={label} hint={hint} id={id} />;
    case 'image':
    case 'audio':
    case 'video':
    case 'file':
      return (
        <Suspense fallback={loadingControl}>
          <MediaInput {...props} label={label} hint={hint} id={id} />
        </Suspense>
      );
    default:
      // calculate, hidden and the metadata fields are filled by the engine and the device.
      return null;
  }
}
