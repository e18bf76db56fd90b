import type { FormDefinition } from '@contract/forms/definition';
import { textIn } from '@contract/forms/definition';
import { Filter, X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { questionLabel, responseLevelQuestions } from '../form-questions';
import {
  filterOf,
  isFiltered,
  rangeError,
  REVIEW_STATUSES,
  reviewStatusLabel,
  type ResponsesFilter,
} from '../responses-filter';

export interface ResponsesFiltersProps {
  definition: FormDefinition;
  language: string | undefined;
  /** The committed filter (the URL's). */
  filter: ResponsesFilter;
  /** Submitters seen among the loaded responses: id → name. */
  submitters: ReadonlyMap<string, string>;
  /** Volunteers see only their own responses: no submitter to choose. */
  showSubmitter: boolean;
  onApply: (filter: ResponsesFilter) => void;
  onClear: () => void;
}

/**
 * The filters both views share: the days received, the review state, who sent it, and one question's
 * answer. Typed into a draft and applied together (Apply, or Enter in a field), so a half-chosen
 * filter asks the server nothing; the applied ones live in the URL.
 */
export function ResponsesFilters({
  definition,
  language,
  filter,
  submitters,
  showSubmitter,
  onApply,
  onClear,
}: ResponsesFiltersProps) {
  const [draft, setDraft] = useState<ResponsesFilter>(filter);
  const [showRangeError, setShowRangeError] = useState(false);
  // When the address changes under the form (Back, a shared link, Clear), the form follows.
  const committedKey = JSON.stringify(filter);
  const [formFor, setFormFor] = useState(committedKey);
  if (formFor !== committedKey) {
    setFormFor(committedKey);
    setDraft(filter);
    setShowRangeError(false);
  }

  const questions = useMemo(() => responseLevelQuestions(definition), [definition]);
  const picked = questions.find((q) => q.path === draft.question);
  const set = (patch: Partial<ResponsesFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const range = showRangeError ? rangeError(draft) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError(draft)) {
      setShowRangeError(true);
      return;
    }
    onApply(filterOf(draft));
  };

  const submitterOptions = [...submitters];
  if (filter.submittedBy && !submitters.has(filter.submittedBy))
    submitterOptions.push([filter.submittedBy, `Member ${filter.submittedBy}`]);

  return (
    <form
      role="search"
      aria-label="Filter responses"
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <Field
        label="Received from"
        type="date"
        value={draft.from ?? ''}
        max={draft.to || undefined}
        onChange={(e) => set({ from: e.target.value })}
      />
      <Field
        label="Received to"
        type="date"
        value={draft.to ?? ''}
        min={draft.from || undefined}
        error={range}
        onChange={(e) => set({ to: e.target.value })}
      />
      <SelectField
        label="Review status"
        value={draft.reviewStatus ?? ''}
        onChange={(e) =>
          set({ reviewStatus: (e.target.value || undefined) as ResponsesFilter['reviewStatus'] })
        }
      >
        <option value="">Any status</option>
        {REVIEW_STATUSES.map((s) => (
          <option key={s} value={s}>
            {reviewStatusLabel[s]}
          </option>
        ))}
      </SelectField>
      {showSubmitter && (
        <SelectField
          label="Submitted by"
          hint={submitterOptions.length ? undefined : 'People appear here as their responses load.'}
          value={draft.submittedBy ?? ''}
          onChange={(e) => set({ submittedBy: e.target.value })}
        >
          <option value="">Anyone</option>
          {submitterOptions.map(([id, name]) => (
            <option key={id} value={id}>
              {name || id}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label="Question"
        value={draft.question ?? ''}
        onChange={(e) => set({ question: e.target.value, value: '' })}
        className="sm:col-span-1"
      >
        <option value="">Any question</option>
        {questions.map((q) => (
          <option key={q.path} value={q.path}>
            {questionLabel(q.question, language)}
          </option>
        ))}
      </SelectField>
      {picked && picked.choices.length > 0 ? (
        <SelectField
          label="Answer"
          value={draft.value ?? ''}
          onChange={(e) => set({ value: e.target.value })}
        >
          <option value="">Choose an answer</option>
          {picked.choices.map((c) => (
            <option key={c.name} value={c.name}>
              {textIn(c.label, language) || c.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <Field
          label="Answer"
          value={draft.value ?? ''}
          disabled={!picked}
          hint={picked ? 'Responses whose answer is exactly this.' : 'Pick a question first.'}
          onChange={(e) => set({ value: e.target.value })}
        />
      )}
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-2">
        <Button type="submit">
          <Filter aria-hidden className="size-4" />
          Apply filters
        </Button>
        {(isFiltered(filter) || isFiltered(filterOf(draft))) && (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft({});
              setShowRangeError(false);
              onClear();
            }}
          >
            <X aria-hidden className="size-4" />
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
