import { mayChangeItem, mayRemoveItem, TRASH_RETENTION_DAYS, type StorageItem } from '@contract/files';
import { can } from '@contract/permissions';
import { Link } from '@tanstack/react-router';
import { ChevronRight, FolderPlus, Trash2, Upload } from 'lucide-react';
import { useDeferredValue, useId, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getStoredUser } from '@/lib/session';
import { useItemChange, type ItemChange } from '../api/change-item';
import { useFolder } from '../api/get-folder';
import { folderItemsQueryOptions, trashQueryOptions, useItems } from '../api/get-items';
import { downloadFile } from '../api/upload-file';
import { useUploadQueue } from '../use-upload-queue';
import { ItemList, type ItemAction } from './item-list';
import { NameDialog } from './name-dialog';
import { QuotaMeter } from './quota-meter';
import { ShareDialog } from './share-dialog';
import { UploadList } from './upload-list';

function Breadcrumbs({ folderId, inTrash }: { folderId: string; inTrash: boolean }) {
  const { data: folder } = useFolder(inTrash ? '' : folderId);
  const crumbs = inTrash ? [] : (folder?.path ?? []);
  const crumbClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          {folderId || inTrash ? (
            <Link to="/storage" search={{}} className={crumbClass}>
              All files
            </Link>
          ) : (
            <span aria-current="page" className="font-semibold">
              All files
            </span>
          )}
        </li>
        {inTrash && (
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            <span aria-current="page" className="font-semibold">
              Trash
            </span>
          </li>
        )}
        {crumbs.map((crumb, i) => (
          <li key={crumb.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-semibold">
                {crumb.name}
              </span>
            ) : (
              <Link to="/storage" search={{ folder: crumb.id }} className={crumbClass}>
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

type Editing = { kind: 'new-folder' } | { kind: 'rename' | 'purge' | 'share'; item: StorageItem };

const changeDone: Record<ItemChange['kind'], (name: string) => string> = {
  'create-folder': (name) => `Folder ${name} created.`,
  rename: (name) => `Renamed to ${name}.`,
  trash: (name) => `${name} moved to the trash.`,
  restore: (name) => `${name} restored.`,
  purge: (name) => `${name} deleted forever.`,
};

/**
 * Cloud Storage (/storage): the NGO's folders and files, uploads with progress, the trash and the
 * plan's storage meter. Every action is checked again on the server; the buttons offered follow
 * the same rules (contract/files.ts).
 */
export function StorageScreen({ folderId, inTrash }: { folderId: string; inTrash: boolean }) {
  const user = getStoredUser();
  const role = user?.role ?? '';
  const canWrite = can(role, 'files:write');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const { query, items } = useItems(
    inTrash ? trashQueryOptions() : folderItemsQueryOptions(folderId, deferredSearch),
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
    if (action === 'open')
      return void downloadFile(item).catch((error: unknown) =>
        notify.error(errorMessage(error, `${item.name} could not be downloaded.`)),
      );
    if (action === 'rename' || action === 'purge' || action === 'share')
      return setEditing({ kind: action, item });
    void runWithToast({ kind: action, item }, item.name);
  };

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

      <Breadcrumbs folderId={folderId} inTrash={inTrash} />

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
          <Link to="/storage" search={{}} className={buttonClass('secondary')}>
            Back to files
          </Link>
        ) : (
          <Link to="/storage" search={{ trash: 'true' }} className={buttonClass('ghost')}>
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
          query.isError ? (
            <Alert tone="error">
              {errorMessage(query.error, 'The files could not be loaded.')}{' '}
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : (
            <LoadingOrOffline fetchStatus={query.fetchStatus}>
              <div className="flex flex-col gap-2" role="status" aria-label="Loading files">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-14 w-full" />
                ))}
              </div>
            </LoadingOrOffline>
          )
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
        ) : (
          <ItemList
            items={items}
            inTrash={inTrash}
            mayChange={(item) => mayChangeItem(role, user?.id ?? '', item.ownerId)}
            mayRemove={(item) => mayRemoveItem(role, user?.id ?? '', item.ownerId)}
            canShare={can(role, 'files:share')}
            onAction={onAction}
          />
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
