import { LayoutGrid, List } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { SelectField } from '@/components/ui/select-field';
import { sortChoices, type SortChoice } from './storage-sort';
import type { StorageView } from './use-storage-view';

const views = [
  { view: 'list', label: 'List view', Icon: List },
  { view: 'grid', label: 'Grid view', Icon: LayoutGrid },
] as const;

/**
 * How the items show: their order (absent in the trash, whose order is the time of deletion) and
 * the list or grid view. The view is a pair of toggle buttons, so its state is announced as pressed.
 */
export function ViewControls({
  sort,
  onSortChange,
  view,
  onViewChange,
}: {
  /** Absent where the listing has a fixed order. */
  sort?: SortChoice;
  onSortChange: (choice: SortChoice) => void;
  view: StorageView;
  onViewChange: (view: StorageView) => void;
}) {
  return (
    <div className="flex items-end gap-2">
      {sort && (
        <div className="min-w-0 flex-1 sm:w-52 sm:flex-none">
          <SelectField
            label="Sort by"
            value={sort.value}
            onChange={(event) =>
              onSortChange(sortChoices.find((c) => c.value === event.target.value) ?? sortChoices[0])
            }
          >
            {sortChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div
        role="group"
        aria-label="View"
        // h-11 with the border inside: as tall as the select beside it.
        className="ml-auto flex h-11 divide-x divide-slate-300 overflow-hidden rounded-lg border border-slate-300 dark:divide-slate-700 dark:border-slate-700"
      >
        {views.map(({ view: choice, label, Icon }) => (
          <button
            key={choice}
            type="button"
            aria-pressed={view === choice}
            onClick={() => onViewChange(choice)}
            className={cn(
              'inline-flex min-w-11 items-center justify-center px-2',
              view === choice
                ? 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'
                : 'bg-white text-slate-600 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            <Icon aria-hidden className="size-5" />
            <span className="sr-only">{label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
