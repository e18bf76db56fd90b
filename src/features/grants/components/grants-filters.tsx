import type { GrantFilter } from '@contract/grants';
import type { GrantFilterOptions } from '@contract/listing-match';
import { memo } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select-field';
import type { FilterField } from '@/lib/listing/listing-definition';

/**
 * The options to show and the one selected. Matching ignores letter case, like the server, so a link
 * saying 'kenya' selects 'Kenya'; a chosen value the results no longer contain stays selectable.
 */
function optionsWith(options: readonly string[], value: string) {
  if (!value) return { shown: options, selected: value };
  const match = options.find((o) => o.toLowerCase() === value.toLowerCase());
  return match ? { shown: options, selected: match } : { shown: [value, ...options], selected: value };
}

type GrantField = FilterField<GrantFilter>;
type FieldChange = (name: GrantField, value: string) => void;

/** Memoised: typing in the search box re-renders the form, but not these long option lists. */
const OptionSelect = memo(function OptionSelect({
  name,
  label,
  anyLabel,
  options,
  value,
  onFieldChange,
}: {
  name: GrantField;
  label: string;
  anyLabel: string;
  options: readonly string[];
  value: string | undefined;
  onFieldChange: FieldChange;
}) {
  const { shown, selected } = optionsWith(options, value ?? '');
  return (
    <SelectField label={label} value={selected} onChange={(e) => onFieldChange(name, e.target.value)}>
      <option value="">{anyLabel}</option>
      {shown.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
});

/**
 * The spec's grants filters: "country, area of interest, category, published-from date,
 * published-to date, free-text search; buttons Search and Reset". The select options are "derived
 * from loaded results": the distinct countries, areas and categories of the grants loaded so far.
 */
export function GrantsFilters({
  draft,
  options,
  rangeError,
  onFieldChange,
  onSearch,
  onReset,
}: {
  /** What is being typed: blank fields are "any". */
  draft: GrantFilter;
  options: GrantFilterOptions;
  rangeError?: string;
  /** Keep it stable (useCallback): the option lists re-render only when it or their value changes. */
  onFieldChange: FieldChange;
  onSearch: () => void;
  onReset: () => void;
}) {
  return (
    <form
      role="search"
      aria-label="Filter grants"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="sm:col-span-2 lg:col-span-3">
          <SearchField
            label="Search grants"
            value={draft.search ?? ''}
            onChange={(e) => onFieldChange('search', e.target.value)}
            placeholder="Title, donor, country or topic"
            maxLength={200}
          />
        </div>
        <OptionSelect
          label="Country"
          anyLabel="All countries"
          options={options.countries}
          name="country"
          value={draft.country}
          onFieldChange={onFieldChange}
        />
        <OptionSelect
          label="Area of interest"
          anyLabel="All areas"
          options={options.areas}
          name="areaOfInterest"
          value={draft.areaOfInterest}
          onFieldChange={onFieldChange}
        />
        <OptionSelect
          label="Category"
          anyLabel="All categories"
          options={options.categories}
          name="category"
          value={draft.category}
          onFieldChange={onFieldChange}
        />
        <Field
          label="Published from"
          type="date"
          value={draft.publishedFrom ?? ''}
          max={draft.publishedTo || undefined}
          onChange={(e) => onFieldChange('publishedFrom', e.target.value)}
        />
        <Field
          label="Published to"
          type="date"
          value={draft.publishedTo ?? ''}
          min={draft.publishedFrom || undefined}
          error={rangeError}
          onChange={(e) => onFieldChange('publishedTo', e.target.value)}
        />
        <div className="flex items-end gap-3">
          <Button type="submit" className="flex-1">
            Search
          </Button>
          <Button variant="secondary" onClick={onReset} className="flex-1">
            Reset
          </Button>
        </div>
      </div>
    </form>
  );
}
