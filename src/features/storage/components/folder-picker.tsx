import { ChevronRight, CornerLeftUp, Folder } from 'lucide-react';
import { FirstLoad } from './first-load';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useFolder } from '../api/get-folder';
import { useItems } from '../api/get-items';
import { subfoldersQueryOptions } from '../api/get-subfolders';

const crumbClass =
  'inline-flex min-h-11 items-center text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

/**
 * Browses the NGO's folders for a destination: the place's breadcrumbs, a step up, and the folders
 * inside it. `excludedId` (a folder being moved) is never offered, and since its insides are only
 * reached through it, nothing within it can be chosen either.
 */
export function FolderPicker({
  placeId,
  onPlaceChange,
  excludedId,
}: {
  /** The folder shown; '' for the root. */
  placeId: string;
  onPlaceChange: (folderId: string) => void;
  excludedId?: string;
}) {
  const { data: place } = useFolder(placeId);
  // Root first, ending with the place itself; unknown while its detail loads.
  const path = placeId === '' ? [] : place?.path;
  const placeName = placeId === '' ? 'All files' : (place?.name ?? '…');
  const { query, items } = useItems(subfoldersQueryOptions(placeId));
  const folders = items?.filter((folder) => folder.id !== excludedId);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigated = useRef(false);

  // The button pressed is gone with the list it was in: the new place's heading takes the focus.
  useEffect(() => {
    if (navigated.current) heading.current?.focus();
  }, [placeId]);
  const go = (folderId: string) => {
    navigated.current = true;
    onPlaceChange(folderId);
  };

  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Folder path" className="text-sm">
        <ol className="flex flex-wrap items-center gap-x-1">
          <li>
            {placeId === '' ? (
              <span aria-current="location" className="font-semibold">
                All files
              </span>
            ) : (
              <button type="button" className={crumbClass} onClick={() => go('')}>
                All files
              </button>
            )}
          </li>
          {path?.map((crumb, i) => (
            <li key={crumb.id} className="flex items-center gap-1">
              <ChevronRight aria-hidden className="size-4" />
              {i === path.length - 1 ? (
                <span aria-current="location" className="font-semibold">
                  {crumb.name}
                </span>
              ) : (
                <button type="button" className={crumbClass} onClick={() => go(crumb.id)}>
                  {crumb.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <div className="flex items-center justify-between gap-2">
        <h3 ref={heading} id={headingId} tabIndex={-1} className="min-w-0 truncate font-semibold">
          Folders in {placeName}
        </h3>
        {placeId !== '' && (
          <Button
            variant="ghost"
            className="shrink-0"
            disabled={!path}
            onClick={() => path && go(path[path.length - 2]?.id ?? '')}
          >
            <CornerLeftUp aria-hidden className="size-4" />
            Up one level
          </Button>
        )}
      </div>

      {folders === undefined ? (
        <FirstLoad query={query} what="folders" rows={3} rowClassName="h-11 w-full" />
      ) : folders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          No folders in here.
        </p>
      ) : (
        <ul
          aria-labelledby={headingId}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {folders.map((folder) => (
            <li key={folder.id}>
              <button
                type="button"
                onClick={() => go(folder.id)}
                aria-label={`Open ${folder.name}`}
                title={folder.name}
                className="flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <Folder aria-hidden className="size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <span className="min-w-0 flex-1 truncate">{folder.name}</span>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-500" />
              </button>
            </li>
          ))}
        </ul>
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
  );
}
