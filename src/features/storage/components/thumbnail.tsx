import { THUMBNAIL_TYPES, type StorageItem } from '@contract/files';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { storageQueryKeys } from '../api/query-keys';

/** Pictures and PDFs: the server makes thumbnails of them (contract/files.ts). */
export const hasThumbnail = (item: StorageItem) =>
  item.kind === 'file' && THUMBNAIL_TYPES.has(item.contentType ?? '');

/**
 * A picture's thumbnail (a few KB of WebP, never the picture itself: what a phone on a slow
 * connection can afford in a list). It needs the user's token, so it is fetched and shown from memory.
 */
export function Thumbnail({
  item,
  className,
  fallback,
}: {
  item: StorageItem;
  className?: string;
  /** Shown until the thumbnail is here, or if it never comes. */
  fallback: ReactNode;
}) {
  const { data: src } = useQuery({
    queryKey: [...storageQueryKeys.all, 'thumbnail', item.id, item.sha256],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(
        await fetchAuthorizedBlob(`/files/${encodeURIComponent(item.id)}/thumbnail`, signal),
      ),
    staleTime: Infinity,
    retry: false,
  });
  if (!src) return fallback;
  return <img src={src} alt="" width={40} height={40} className={className} />;
}
