import { REPORT_PHOTO_MAX_BYTES, REPORT_PHOTOS_MAX } from '@contract/activity-reports';
import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { compressImage } from '@/lib/compress-image';
import { formatBytes, nextPhotoName } from '../photo-names';
import { photoKey, reportPhotos, type StoredPhoto } from '../report-photos';

/** An object URL for a kept photo's preview, revoked when it goes (jsdom has none). */
function usePreview(blob: Blob): string | null {
  const url = useMemo(() => {
    try {
      return URL.createObjectURL(blob);
    } catch {
      // No preview (a browser without object URLs): the name and size still say which photo it is.
      return null;
    }
  }, [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

function PhotoPreview({ photo, onRemove }: { photo: StoredPhoto; onRemove: () => void }) {
  const src = usePreview(photo.blob);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      {src ? (
        <img src={src} alt="" width={48} height={48} className="size-12 shrink-0 rounded object-cover" />
      ) : (
        <Camera aria-hidden className="size-6 shrink-0 text-slate-500" />
      )}
      <span className="min-w-0 flex-1 text-sm break-words">
        {photo.name}{' '}
        <span className="text-slate-600 dark:text-slate-400">({formatBytes(photo.blob.size)})</span>
      </span>
      <Button variant="ghost" aria-label={`Remove ${photo.name}`} onClick={onRemove}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </li>
  );
}

/**
 * The draft's photos: taken with the camera or chosen, made smaller on the phone (a 4 MB camera
 * picture becomes about 200 KB, seconds rather than minutes on 2G) and kept on the device with the
 * draft. They are sent after the report, once there is a connection.
 */
export function PhotoPicker({
  userId,
  reportId,
  photos,
}: {
  userId: string;
  reportId: string;
  /** The draft's photos (state 'draft'). */
  photos: StoredPhoto[];
}) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const room = REPORT_PHOTOS_MAX - photos.length;

  const add = async (files: File[]) => {
    setError(null);
    if (files.length > room)
      setError(
        `A report takes at most ${REPORT_PHOTOS_MAX} photos; the first ${Math.max(room, 0)} were added.`,
      );
    setBusy(true);
    try {
      const names = photos.map((p) => p.name);
      for (const file of files.slice(0, Math.max(room, 0))) {
        const blob = await compressImage(file);
        if (blob.size > REPORT_PHOTO_MAX_BYTES) {
          setError(`${file.name} is too large even after compressing (${formatBytes(blob.size)}).`);
          continue;
        }
        const name = nextPhotoName(names, blob.type);
        names.push(name);
        await reportPhotos.put({
          key: photoKey(userId, reportId, name),
          userId,
          reportId,
          name,
          blob,
          addedAt: Date.now(),
          state: 'draft',
        });
      }
    } catch {
      setError('The photo could not be kept on this device (storage full?). Try a smaller one.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {photos.length > 0 && (
        <ul aria-label="Photos of this report" className="flex flex-col gap-2">
          {photos.map((photo) => (
            <PhotoPreview
              key={photo.key}
              photo={photo}
              onRemove={() => void reportPhotos.remove(photo.key)}
            />
          ))}
        </ul>
      )}
      {room > 0 && (
        <div>
          <label
            htmlFor={inputId}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <Camera aria-hidden className="size-4" />
            {busy ? 'Preparing photos…' : 'Add photos'}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              disabled={busy}
              className="sr-only"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length) void add(files);
              }}
            />
          </label>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Up to {REPORT_PHOTOS_MAX} photos. They are made smaller on your phone and sent when you are
            online.
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
