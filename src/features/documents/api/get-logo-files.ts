import type { StorageItem } from '@contract/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchListingPage } from '@/lib/listing/paged-query';
import { documentsQueryKeys } from './query-keys';

/** What a document's logo may be (the PDF embeds PNG and JPEG only). */
export const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg']);
const MAX_PAGES = 5;

/**
 * The PNG and JPEG files of the top folder of the NGO's Cloud Storage (GET /api/files, page by page):
 * the logo is chosen among them. The listing is per folder, so a logo is put at the top to be offered.
 */
export async function getLogoFiles(queryKey: readonly unknown[], signal?: AbortSignal) {
  const files: StorageItem[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchListingPage<StorageItem>('/files', {
      queryKey,
      query: { sortBy: 'name', sortOrder: 'asc' },
      cursor,
      limit: 100,
      signal,
    });
    files.push(...answer.items.filter((i) => i.kind === 'file' && LOGO_TYPES.has(i.contentType ?? '')));
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return files;
}

export const logoFilesQueryOptions = () =>
  queryOptions({
    queryKey: documentsQueryKeys.logoFiles(),
    queryFn: ({ signal, queryKey }) => getLogoFiles(queryKey, signal),
    staleTime: 60_000,
  });

export const useLogoFiles = (enabled = true) => useQuery({ ...logoFilesQueryOptions(), enabled });
