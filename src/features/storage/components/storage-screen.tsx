import { TRASH_RETENTION_DAYS, type StorageItem } from '@contract/files';
import { FirstLoad } from './first-load';
import { can } from '@contract/permissions';
import { Link } from '@tanstack/react-router';
import { FolderPlus, Trash2, Upload } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState, type DragEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SearchField } from '@/components/ui/search-field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getStoredUser } from '@/lib/session';
import { UploadFailed } from '../api/upload-file';
import { openFile, toggleKept } from '../kept-actions';
import { refreshKeptIds, useKeptFileIds } from '../kept-files';
import { useItemChange, type ItemChange } from '../api/change-item';
import { sortedItemsQueryOptions } from '../api/get-folder-items';
import { trashQueryOptions, useItems } from '../api/get-items';
import { useUploadQueue } from '../use-upload-queue';
import { itemPermissions, type ItemAction } from './item-actions';
import { ItemGrid } from './item-grid';
import { ItemList } from './item-list';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import { QuotaMeter } from './quota-meter';
import { ShareDialog } from './share-dialog';
import { StorageBreadcrumbs } from './storage-breadcrumbs';
import { sortParamsOf, type SortChoice } from './storage-sort';
import { UploadList } from './upload-list';
import { useStorageView } from './use-storage-view';
import { ViewControls } from './view-controls';

type Editing = { kind: 'new-folder' } | { kind: 'rename' | 'move' | 'purge' | 'share'; item: StorageItem };

const changeDone: Record<ItemChange['kind'], (name: string) => string> = {
  'create-folder': (name) => `Folder ${name} created.`,
  rename: (name) => `Renamed to ${name}.`,
  trash: (name) => `${name} moved to the trash.`,
  restore: (name) => `${name} restored.`,
  purge: (name) => `${name} deleted forever.`,
};

/**
 * Cloud Storage (/storage): the NGO's folders and files as a list or a grid, in the order the URL
 * names, uploads with progress, the trash and the plan's storage meter. Every action is checked
 * again on the server; the buttons offered follow the same rules (item-actions.tsx).
 */
export function StorageScreen({
  folderId,
  inTrash,
  sort,
  onSortChange,
}: {
  folderId: string;
  inTrash: boolean;
  /** The folder listing's order (the URL's); the trash keeps its own. */
  sort: SortChoice;
  onSortChange: (sort: SortChoice) => void;
}) {
  const user = getStoredUser();
  const canWrite = can(user?.role ?? '', 'files:write');
  const permissions = itemPermissions(user);
  const keptIds = useKeptFileIds();
  useEffect(() => {
    if (user?.id) void refreshKeptIds(user.id).catch(() => undefined);
  }, [user?.id]);
  const sortParams = sortParamsOf(sort);
  const [view, setView] = useStorageView();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const { query, items } = useItems(
    inTrash ? trashQueryOptions() : sortedItemsQueryOptions(folderId, deferredSearch, sort.sort),
  );
  const uploads = useUploadQueue();
  const change = useItemChange();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInputId = useId();
  const offlineNoteId = useId();

  const run = async (next: ItemChange, name: string) => {
    await change.mutateAsync(next);
    notify.success(changeDone[next.kind](name));
  };
  const runWithToast = (next: ItemChange, name: string) =>
    run(next, name).catch((error: unknown) =>
      notify.error(errorMessage(error, 'That did not work. Try again.')),
    );

  const onAction = (action: ItemAction, item: StorageItem) => {
    // These say what went wrong themselves (offline and not kept, no room on the device, the server's refusal).
    const say = (fallback: string) => (error: unknown) =>
      notify.error(error instanceof UploadFailed ? error.message : errorMessage(error, fallback));
    if (action === 'open')
      return void openFile(user?.id, item).catch(say(`${item.name} could not be downloaded.`));
    if (action === 'keep')
      return void toggleKept(user?.id, item, keptIds.has(item.id)).catch(
        say(`${item.name} could not be kept on this device.`),
      );
    if (action === 'rename' || action === 'move' || action === 'purge' || action === 'share')
      return setEditing({ kind: action, item });
    void runWithToast({ kind: action, item }, item.name);
  };

  const itemView = { inTrash, permissions, sortParams, onAction };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canWrite && !inTrash && event.dataTransfer.files.length)
      uploads.queue.add(event.dataTransfer.files, folderId);
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Cloud Storage</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">Your organisation’s files, in one place.</p>
        </div>
        <QuotaMeter />
      </header>

      <StorageBreadcrumbs folderId={folderId} inTrash={inTrash} sortParams={sortParams} />

      <div className="flex flex-wrap items-end gap-2">
        {canWrite && !inTrash && (
          <>
            <label htmlFor={fileInputId} className={cn(buttonClass('primary'), 'cursor-pointer')}>
              <Upload aria-hidden className="size-4" />
              Upload files
            </label>
            <input
              id={fileInputId}
              type="file"
              multiple
              className="sr-only"
              onChange={(event) => {
                if (event.target.files?.length) uploads.queue.add(event.target.files, folderId);
                event.target.value = '';
              }}
            />
            <Button variant="secondary" onClick={() => setEditing({ kind: 'new-folder' })}>
              <FolderPlus aria-hidden className="size-4" />
              New folder
            </Button>
          </>
        )}
        {inTrash ? (
          <Link to="/storage" search={sortParams} className={buttonClass('secondary')}>
            Back to files
          </Link>
        ) : (
          <Link to="/storage" search={{ trash: 'true', ...sortParams }} className={buttonClass('ghost')}>
            <Trash2 aria-hidden className="size-4" />
            Trash
          </Link>
        )}
        {!inTrash && (
          <div className="ml-auto w-full sm:w-64">
            <SearchField
              label="Search this folder"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        )}
      </div>

      <ViewControls
        sort={inTrash ? undefined : sort}
        onSortChange={onSortChange}
        view={view}
        onViewChange={setView}
      />

      {inTrash && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Items in the trash are deleted for good after {TRASH_RETENTION_DAYS} days. They still count towards
          your storage until then.
        </p>
      )}

      {uploads.offline && (
        <NeedsNetworkNote id={offlineNoteId}>
          You are offline. Files you choose now wait here and upload when you are back online; other changes
          need a connection.
        </NeedsNetworkNote>
      )}

      <UploadList
        uploads={uploads.uploads}
        offline={uploads.offline}
        onPause={(key) => uploads.queue.pause(key)}
        onResume={(key) => uploads.queue.resume(key)}
        onCancel={(key) => uploads.queue.cancel(key)}
        onRetry={(key) => uploads.queue.retry(key)}
        onClear={() => uploads.queue.clearFinished()}
      />

      <div
        data-testid="drop-zone"
        onDragOver={(event) => {
          if (!canWrite || inTrash) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn('flex flex-col gap-3 rounded-xl', dragging && 'ring-4 ring-brand-500/50')}
      >
        {items === undefined ? (
          <FirstLoad query={query} what="files" rows={4} rowClassName="h-14 w-full" />
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            {inTrash
              ? 'The trash is empty.'
              : deferredSearch
                ? 'Nothing in this folder matches.'
                : canWrite
                  ? 'This folder is empty. Upload files or drop them here.'
                  : 'This folder is empty.'}
          </p>
        ) : view === 'grid' ? (
          <ItemGrid items={items} {...itemView} />
        ) : (
          <ItemList items={items} {...itemView} />
        )}
        {query.hasNextPage && (
          <Button
            variant="secondary"
            pending={query.isFetchingNextPage}
            pendingLabel="Loading more..."
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </div>

      {editing?.kind === 'new-folder' && (
        <NameDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title="New folder"
          label="Folder name"
          initialName=""
          submitLabel="Create folder"
          onSubmit={(name) => run({ kind: 'create-folder', name, parentId: folderId }, name)}
        />
      )}
      {editing?.kind === 'rename' && (
        <NameDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={`Rename ${editing.item.name}`}
          label="Name"
          initialName={editing.item.name}
          submitLabel="Rename"
          onSubmit={(name) => run({ kind: 'rename', item: editing.item, name }, name)}
        />
      )}
      {editing?.kind === 'move' && (
        <MoveDialog item={editing.item} onOpenChange={(open) => !open && setEditing(null)} />
      )}
      {editing?.kind === 'share' && (
        <ShareDialog file={editing.item} onOpenChange={(open) => !open && setEditing(null)} />
      )}
      {editing?.kind === 'purge' && (
        <Dialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          role="alertdialog"
          size="sm"
          title={`Delete ${editing.item.name} forever?`}
          description="It cannot be restored afterwards, and its space is freed."
        >
          <DialogFooter>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              pending={change.isPending}
              pendingLabel="Deleting..."
              onClick={() => {
                const { item } = editing;
                void runWithToast({ kind: 'purge', item }, item.name).finally(() => setEditing(null));
              }}
            >
              Delete forever
            </Button>
          </DialogFooter>
        </Dialog>
      )}
    </div>
  );
}
