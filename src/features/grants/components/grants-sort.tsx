import type { GrantSortField, SortOrder } from '@contract/grants';
import { SelectField } from '@/components/ui/select-field';

const sortFieldLabels: Record<GrantSortField, string> = {
  postDate: 'Date posted',
  deadlineDate: 'Deadline',
  title: 'Title',
  grantSize: 'Grant size',
};

/** Direction labels that read naturally for each field. */
const orderLabels: Record<GrantSortField, Record<SortOrder, string>> = {
  postDate: { desc: 'Newest first', asc: 'Oldest first' },
  deadlineDate: { asc: 'Soonest first', desc: 'Latest first' },
  title: { asc: 'A to Z', desc: 'Z to A' },
  grantSize: { desc: 'Largest first', asc: 'Smallest first' },
};

export function GrantsSort({
  sortBy,
  sortOrder,
  onChange,
}: {
  sortBy: GrantSortField;
  sortOrder: SortOrder;
  onChange: (sort: { sortBy: GrantSortField; sortOrder: SortOrder }) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
      <SelectField
        label="Sort by"
        value={sortBy}
        onChange={(e) => onChange({ sortBy: e.target.value as GrantSortField, sortOrder })}
      >
        {(Object.keys(sortFieldLabels) as GrantSortField[]).map((field) => (
          <option key={field} value={field}>
            {sortFieldLabels[field]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Order"
        value={sortOrder}
        onChange={(e) => onChange({ sortBy, sortOrder: e.target.value as SortOrder })}
      >
        {(Object.keys(orderLabels[sortBy]) as SortOrder[]).map((order) => (
          <option key={order} value={order}>
            {orderLabels[sortBy][order]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
