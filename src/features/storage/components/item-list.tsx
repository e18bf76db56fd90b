import type { StorageItem } from '@contract/files';
import { formatBytes } from '@contract/format-bytes';
import { Link } from '@tanstack/react-router';
import { ArchiveRestore, File, Folder, Pencil, Share2, Trash2, XCircle } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { formatCalendarDate } from '@/lib/calendar-date';
import { hasThumbnail, Thumbnail } from './thumbnail';

export type ItemAction = 'open' | 'share' | 'rename' | 'trash' | 'restore' | 'purge';

const iconButton = buttonClass('ghost', 'min-w-11 px-2');

/**
 * A folder's items (or the trash) as a list: a folder opens, a file downloads; the actions shown are
 * the ones the server would allow this user (contract/files.ts mayChangeItem, mayRemoveItem; files:share
 * for a file's links, which a trashed file no longer serves).
 */
export function ItemList({
  items,
  inTrash,
  mayChange,
  mayRemove,
  canShare,
  onAction,
}: {
  items: readonly StorageItem[];
  inTrash: boolean;
  mayChange: (item: StorageItem) => boolean;
  mayRemove: (item: StorageItem) => boolean;
  canShare: boolean;
  onAction: (action: ItemAction, item: StorageItem) => void;
}) {
  return (
    <ul
      aria-label={inTrash ? 'Trash' : 'Files and folders'}
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {items.map((item) => {
        const Icon = item.kind === 'folder' ? Folder : File;
        const icon = (
          <Icon
            aria-hidden
            className={
              item.kind === 'folder' ? 'size-5 text-brand-700 dark:text-brand-100' : 'size-5 text-slate-500'
            }
          />
        );
        const when = formatCalendarDate((inTrash ? item.deletedAt : item.updatedAt)?.slice(0, 10));
        const detail = [
          item.kind === 'file' && item.sizeBytes !== null ? formatBytes(item.sizeBytes) : 'Folder',
          item.ownerName,
          inTrash ? `deleted ${when}` : when,
        ].join(' · ');
        return (
          <li key={`${item.kind}-${item.id}`} className="flex items-center gap-2 px-3 py-2">
            <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
              {hasThumbnail(item) && !inTrash ? (
                <Thumbnail item={item} className="size-10 object-cover" fallback={icon} />
              ) : (
                icon
              )}
            </span>
            <div className="min-w-0 flex-1">
              {inTrash ? (
                <span className="block truncate font-medium">{item.name}</span>
              ) : item.kind === 'folder' ? (
                <Link
                  to="/storage"
                  search={{ folder: item.id }}
                  className="block truncate font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                >
                  {item.name}
                </Link>
              ) : (
                <button
                  type="button"
                  onClick={() => onAction('open', item)}
                  className="block max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                  aria-label={`Download ${item.name}`}
                >
                  {item.name}
                </button>
              )}
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">{detail}</p>
            </div>
            {inTrash ? (
              mayRemove(item) && (
                <>
                  <button type="button" className={iconButton} onClick={() => onAction('restore', item)}>
                    <ArchiveRestore aria-hidden className="size-4" />
                    <span className="sr-only sm:not-sr-only">Restore</span>
                    <span className="sr-only"> {item.name}</span>
                  </button>
                  <button type="button" className={iconButton} onClick={() => onAction('purge', item)}>
                    <XCircle aria-hidden className="size-4" />
                    <span className="sr-only">Delete {item.name} forever</span>
                  </button>
                </>
              )
            ) : (
              <>
                {canShare && item.kind === 'file' && (
                  <button type="button" className={iconButton} onClick={() => onAction('share', item)}>
                    <Share2 aria-hidden className="size-4" />
                    <span className="sr-only">Share {item.name}</span>
                  </button>
                )}
                {mayChange(item) && (
                  <button type="button" className={iconButton} onClick={() => onAction('rename', item)}>
                    <Pencil aria-hidden className="size-4" />
                    <span className="sr-only">Rename {item.name}</span>
                  </button>
                )}
                {mayRemove(item) && (
                  <button type="button" className={iconButton} onClick={() => onAction('trash', item)}>
                    <Trash2 aria-hidden className="size-4" />
                    <span className="sr-only">Move {item.name} to the trash</span>
                  </button>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
