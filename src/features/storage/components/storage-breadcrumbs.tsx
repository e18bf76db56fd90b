import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { useFolder } from '../api/get-folder';
import type { SortParams } from './storage-sort';

const crumbClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

/** Where the screen is: All files, then the open folder's ancestors (or the trash); each one a link. */
export function StorageBreadcrumbs({
  folderId,
  inTrash,
  sortParams,
}: {
  folderId: string;
  inTrash: boolean;
  /** The order the links keep. */
  sortParams: SortParams;
}) {
  const { data: folder } = useFolder(inTrash ? '' : folderId);
  const crumbs = inTrash ? [] : (folder?.path ?? []);
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          {folderId || inTrash ? (
            <Link to="/storage" search={sortParams} className={crumbClass}>
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
              <Link to="/storage" search={{ folder: crumb.id, ...sortParams }} className={crumbClass}>
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
