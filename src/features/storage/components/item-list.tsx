import { formatCalendarDate } from '@/lib/calendar-date';
import { ItemActionButtons } from './item-actions';
import { ItemOpenTarget, ItemPicture, sizeOrKind, type ItemViewProps } from './item-parts';

const nameClass = 'block max-w-full truncate font-medium';
const linkClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

/**
 * A folder's items (or the trash) as a list: a folder opens, a file downloads; the actions shown are
 * the ones the server would allow this user (item-actions.tsx).
 */
export function ItemList({ items, inTrash, permissions, sortParams, onAction }: ItemViewProps) {
  return (
    <ul
      aria-label={inTrash ? 'Trash' : 'Files and folders'}
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {items.map((item) => {
        const when = formatCalendarDate((inTrash ? item.deletedAt : item.updatedAt)?.slice(0, 10));
        const detail = [sizeOrKind(item), item.ownerName, inTrash ? `deleted ${when}` : when].join(' · ');
        return (
          // Wraps: on a narrow phone the buttons go under the name rather than squeezing it away.
          <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center gap-x-2 px-3 py-2">
            <div className="flex min-w-48 flex-1 items-center gap-2">
              <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
                <ItemPicture item={item} inTrash={inTrash} className="size-10 object-cover" />
              </span>
              <div className="min-w-0 flex-1">
                <ItemOpenTarget
                  item={item}
                  inTrash={inTrash}
                  sortParams={sortParams}
                  onAction={onAction}
                  className={inTrash ? nameClass : `${nameClass} ${linkClass}`}
                >
                  <span title={item.name}>{item.name}</span>
                </ItemOpenTarget>
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">{detail}</p>
              </div>
            </div>
            <div className="ml-auto flex">
              <ItemActionButtons
                item={item}
                inTrash={inTrash}
                permissions={permissions}
                onAction={onAction}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
