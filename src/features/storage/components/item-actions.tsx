import { mayChangeItem, mayRemoveItem, type StorageItem } from '@contract/files';
import { can } from '@contract/permissions';
import {
  ArchiveRestore,
  FolderInput,
  HardDriveDownload,
  Pencil,
  Share2,
  Trash2,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { buttonClass } from '@/components/ui/button';
import { useKeptFileIds } from '../kept-files';

/*
 * What can be done to an item, in one place for the list and the grid: the same rules as the server
 * (contract/files.ts mayChangeItem, mayRemoveItem; files:share for a file's links, which a trashed
 * file no longer serves), the same order and the same accessible names in both views.
 */

export type ItemAction = 'open' | 'keep' | 'share' | 'rename' | 'move' | 'trash' | 'restore' | 'purge';
type ButtonAction = Exclude<ItemAction, 'open' | 'keep'>;

export interface ItemPermissions {
  mayChange: (item: StorageItem) => boolean;
  mayRemove: (item: StorageItem) => boolean;
  canShare: boolean;
}

/** The signed-in user's permissions on items (a visitor's are none; the route signs them out first). */
export function itemPermissions(user: { id: string; role: string } | null): ItemPermissions {
  const role = user?.role ?? '';
  const userId = user?.id ?? '';
  return {
    mayChange: (item) => mayChangeItem(role, userId, item.ownerId),
    mayRemove: (item) => mayRemoveItem(role, userId, item.ownerId),
    canShare: can(role, 'files:share'),
  };
}

/** The buttons an item offers besides opening it, in the order they show. */
export function itemActions(item: StorageItem, inTrash: boolean, permissions: ItemPermissions) {
  const actions: ButtonAction[] = [];
  if (inTrash) {
    if (permissions.mayRemove(item)) actions.push('restore', 'purge');
    return actions;
  }
  if (permissions.canShare && item.kind === 'file') actions.push('share');
  if (permissions.mayChange(item)) actions.push('rename', 'move');
  if (permissions.mayRemove(item)) actions.push('trash');
  return actions;
}

const buttons: Record<ButtonAction, { Icon: LucideIcon; label: (name: string) => string; word?: string }> = {
  share: { Icon: Share2, label: (name) => `Share ${name}` },
  rename: { Icon: Pencil, label: (name) => `Rename ${name}` },
  move: { Icon: FolderInput, label: (name) => `Move ${name}` },
  trash: { Icon: Trash2, label: (name) => `Move ${name} to the trash` },
  // The one action of a trashed item people look for: worded where there is room.
  restore: { Icon: ArchiveRestore, label: (name) => `Restore ${name}`, word: 'Restore' },
  purge: { Icon: XCircle, label: (name) => `Delete ${name} forever` },
};

const iconButton = buttonClass('ghost', 'min-w-11 px-2');

/** An item's action buttons: icons named for screen readers ("Rename report.pdf"). */
export function ItemActionButtons({
  item,
  inTrash,
  permissions,
  onAction,
  compact = false,
}: {
  item: StorageItem;
  inTrash: boolean;
  permissions: ItemPermissions;
  onAction: (action: ItemAction, item: StorageItem) => void;
  /** Icons only, whatever the width (a grid card). */
  compact?: boolean;
}) {
  const kept = useKeptFileIds().has(item.id);
  // Any member may keep a file they can read on their own device (for reading offline).
  const keep = item.kind === 'file' && !inTrash && (
    <button
      key="keep"
      type="button"
      aria-pressed={kept}
      className={cn(iconButton, kept && 'text-brand-700 dark:text-brand-300')}
      onClick={() => onAction('keep', item)}
    >
      <HardDriveDownload aria-hidden className="size-4" />
      <span className="sr-only">Keep {item.name} on this device</span>
    </button>
  );
  const rest = itemActions(item, inTrash, permissions).map((action) => {
    const { Icon, label, word } = buttons[action];
    return (
      <button key={action} type="button" className={iconButton} onClick={() => onAction(action, item)}>
        <Icon aria-hidden className="size-4" />
        {word && !compact ? (
          <>
            <span className="sr-only sm:not-sr-only">{word}</span>
            <span className="sr-only"> {item.name}</span>
          </>
        ) : (
          <span className="sr-only">{label(item.name)}</span>
        )}
      </button>
    );
  });
  return [keep, ...rest];
}
