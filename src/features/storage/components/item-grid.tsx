import { ItemActionButtons } from './item-actions';
import { ItemOpenTarget, ItemPicture, sizeOrKind, type ItemViewProps } from './item-parts';

/**
 * A folder's items (or the trash) as cards: two to a row on a phone, more on wider screens. The
 * picture and the name together open the item; the actions are the list's (item-actions.tsx).
 */
export function ItemGrid({ items, inTrash, permissions, sortParams, onAction }: ItemViewProps) {
  return (
    <ul
      aria-label={inTrash ? 'Trash' : 'Files and folders'}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
    >
      {items.map((item) => (
        <li
          key={`${item.kind}-${item.id}`}
          className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          <ItemOpenTarget
            item={item}
            inTrash={inTrash}
            sortParams={sortParams}
            onAction={onAction}
            className="group flex flex-col"
          >
            <span className="flex aspect-[4/3] items-center justify-center overflow-hidden bg-slate-100 dark:bg-slate-800">
              <ItemPicture
                item={item}
                inTrash={inTrash}
                className="size-full object-cover"
                iconClassName="size-10"
              />
            </span>
            <span
              title={item.name}
              className={
                inTrash
                  ? 'truncate px-2 pt-2 font-medium'
                  : 'truncate px-2 pt-2 font-medium text-brand-700 underline-offset-2 group-hover:underline dark:text-brand-100'
              }
            >
              {item.name}
            </span>
          </ItemOpenTarget>
          <p className="truncate px-2 text-xs text-slate-600 dark:text-slate-400">{sizeOrKind(item)}</p>
          <div className="mt-auto flex flex-wrap justify-end px-1 pb-1">
            <ItemActionButtons
              item={item}
              inTrash={inTrash}
              permissions={permissions}
              onAction={onAction}
              compact
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
