import type { ReportPhoto } from '@contract/activity-reports';
import { useQuery } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { activityQueryKeys } from '../api/query-keys';
import { formatBytes, timeLeft } from '../photo-names';
import { reportPhotos, type StoredPhoto } from '../report-photos';
import type { UploadingPhoto } from '../photo-uploader';

/** A received photo's thumbnail (a few KB of WebP): it needs the token, so it is fetched. */
function PhotoThumbnail({ fileId, name }: { fileId: string; name: string }) {
  const { data: src } = useQuery({
    queryKey: activityQueryKeys.thumbnail(fileId),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(
        await fetchAuthorizedBlob(`/files/${encodeURIComponent(fileId)}/thumbnail`, signal),
      ),
    staleTime: Infinity,
    retry: false,
  });
  if (!src) return <Camera aria-hidden className="size-6 text-slate-500" />;
  return <img src={src} alt={name} width={64} height={64} className="size-16 rounded object-cover" />;
}

function Progress({ uploading }: { uploading: UploadingPhoto }) {
  const percent = uploading.total ? Math.round((uploading.sent / uploading.total) * 100) : 0;
  const left = timeLeft(uploading.sent, uploading.total, uploading.speed);
  return (
    <span className="flex min-w-32 flex-1 flex-col gap-1">
      <progress
        value={uploading.sent}
        max={uploading.total || 1}
        aria-label={`Sending ${percent}%`}
        className="h-2 w-full accent-brand-600"
      />
      <span className="text-xs text-slate-600 dark:text-slate-400">
        Sending {percent}%{left && `, ${left}`}
      </span>
    </span>
  );
}

/**
 * A report's photos and where each is: received (a thumbnail for reviewers), on this device waiting
 * to send (with progress while it goes), refused by the server (deletable), or not received yet.
 */
export function ReportPhotosList({
  reportId,
  photos,
  local,
  uploading,
  showThumbnails = false,
}: {
  reportId: string;
  photos: ReportPhoto[];
  /** This device's photos (of any report): the waiting and refused ones are looked up here. */
  local?: StoredPhoto[];
  uploading?: UploadingPhoto | null;
  showThumbnails?: boolean;
}) {
  if (!photos.length) return null;
  return (
    <ul aria-label="Photos" className="flex flex-wrap gap-2">
      {photos.map((photo) => {
        const kept = local?.find((p) => p.reportId === reportId && p.name === photo.name);
        const going = kept && uploading?.key === kept.key ? uploading : null;
        return (
          <li
            key={photo.name}
            className="flex min-w-0 flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700"
          >
            {photo.fileId && showThumbnails ? (
              <PhotoThumbnail fileId={photo.fileId} name={photo.name} />
            ) : (
              <Camera aria-hidden className="size-4 shrink-0 text-slate-500" />
            )}
            <span className="break-all">{photo.name}</span>
            {photo.fileId ? (
              !showThumbnails && (
                <span className="text-slate-600 dark:text-slate-400">
                  Received{photo.sizeBytes ? ` (${formatBytes(photo.sizeBytes)})` : ''}
                </span>
              )
            ) : going ? (
              <Progress uploading={going} />
            ) : kept?.state === 'refused' ? (
              <>
                <span className="text-red-700 dark:text-red-300">Not accepted: {kept.error}</span>
                <Button variant="ghost" onClick={() => void reportPhotos.remove(kept.key)}>
                  <Trash2 aria-hidden className="size-4" />
                  Delete photo
                </Button>
              </>
            ) : kept ? (
              <span className="font-medium text-amber-800 dark:text-amber-200">Waiting to send</span>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">Not received yet</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
