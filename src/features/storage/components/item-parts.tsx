import { formatBytes } from '@contract/format-bytes';
import type { StorageItem } from '@contract/files';
import { Link } from '@tanstack/react-router';
import { File, Folder } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import type { ItemAction, ItemPermissions } from './item-actions';
import type { SortParams } from './storage-sort';
import { hasThumbnail, Thumbnail } from './thumbnail';

/** What the list and the grid both take. */
export interface ItemViewProps {
  items: readonly StorageItem[];
  inTrash: boolean;
  permissions: ItemPermissions;
  /** The order a folder's link keeps, so opening a folder does not reset it. */
  sortParams: SortParams;
  onAction: (action: ItemAction, item: StorageItem) => void;
}

/** A picture's thumbnail (never in the trash, which no longer serves it), else the kind's icon. */
export function ItemPicture({
  item,
  inTrash,
  className,
  iconClassName = 'size-5',
}: {
  item: StorageItem;
  inTrash: boolean;
  className: string;
  iconClassName?: string;
}) {
  const Icon = item.kind === 'folder' ? Folder : File;
  const icon = (
    <Icon
      aria-hidden
      className={cn(
        iconClassName,
        item.kind === 'folder' ? 'text-brand-700 dark:text-brand-100' : 'text-slate-500',
      )}
    />
  );
  return hasThumbnail(item) && !inTrash ? (
    <Thumbnail item={item} className={className} fallback={icon} />
  ) : (
    icon
  );
}

/**
 * What opening an item is: a folder's link, a file's download button, nothing in the trash. The
 * children (its name, in the grid its picture too) are the target's content.
 */
export function ItemOpenTarget({
  item,
  inTrash,
  sortParams,
  onAction,
  className,
  children,
}: Pick<ItemViewProps, 'inTrash' | 'sortParams' | 'onAction'> & {
  item: StorageItem;
  className: string;
  children: ReactNode;
}) {
  if (inTrash) return <span className={className}>{children}</span>;
  if (item.kind === 'folder')
    return (
      <Link to="/storage" search={{ folder: item.id, ...sortParams }} className={className}>
        {children}
      </Link>
    );
  return (
    <button
      type="button"
      onClick={() => onAction('open', item)}
      className={cn('text-left', className)}
      aria-label={`Download ${item.name}`}
    >
      {children}
    </button>
  );
}

/** What a listing says of an item's size: a file's bytes, or that it is a folder. */
export const sizeOrKind = (item: StorageItem) =>
  item.kind === 'file' && item.sizeBytes !== null ? formatBytes(item.sizeBytes) : 'Folder';
