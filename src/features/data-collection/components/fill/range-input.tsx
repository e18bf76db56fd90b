import type { QuestionInputProps } from './question-input';

type Props = QuestionInputProps & { label: string; hint: string | undefined; id: string };

/** XLSForm's range: a slider over start..end by step (parameters), its value shown beside it. */
export function RangeInput({ id, label, hint, error, value, onChange, question, readOnly }: Props) {
  const p = question.parameters ?? {};
  const start = Number(p.start ?? 1);
  const end = Number(p.end ?? 10);
  const step = Number(p.step ?? 1);
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          className="min-h-11 flex-1"
          min={Math.min(start, end)}
          max={Math.max(start, end)}
          step={Math.abs(step) || 1}
          value={value === '' ? Math.min(start, end) : Number(value)}
          disabled={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        <output htmlFor={id} className="w-12 text-right font-semibold tabular-nums">
          {value === '' ? '–' : value}
        </output>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
