import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { formDrafts } from '../../fill/form-drafts';
import { formMedia, type FormMediaItem } from '../../fill/form-media';
import { mediaProgress, timeLeft } from '../../fill/media-progress';

/** This form's files of submitted responses still on the device, kept current. */
function useUnsentFiles(formId: string): FormMediaItem[] {
  const [items, setItems] = useState<FormMediaItem[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void formMedia
        .due(async (id) => Boolean(await formDrafts.get(id)))
        .then((due) => live && setItems(due.filter((m) => m.formId === formId)))
        .catch(() => undefined);
    read();
    const unsubscribe = formMedia.subscribe(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [formId]);
  return items;
}

/**
 * The files (photos, recordings) of this form's submitted responses not on the server yet: how many,
 * the one being sent with its progress and time left, and any the server refused, each deletable
 * only by the person's own click.
 */
export function UnsentFiles({ formId }: { formId: string }) {
  const items = useUnsentFiles(formId);
  const progress = useSyncExternalStore(mediaProgress.subscribe, mediaProgress.get, () => null);
  if (items.length === 0) return null;
  const refused = items.filter((m) => m.refused);
  const sending = progress && items.some((m) => m.key === progress.key) ? progress : null;
  const waiting = items.length - refused.length;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {waiting > 0 && (
        <p role="status">
          {waiting === 1 ? '1 file' : `${waiting} files`} of sent responses waiting to upload.
        </p>
      )}
      {sending && (
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            <span className="break-all">
              Uploading {sending.name}: {Math.floor((sending.sent / Math.max(1, sending.total)) * 100)}%
              {timeLeft(sending) && `, ${timeLeft(sending)}`}
            </span>
            <progress className="w-full" max={sending.total} value={sending.sent} />
          </label>
        </div>
      )}
      {refused.length > 0 && (
        <ul className="flex flex-col gap-2">
          {refused.map((m) => (
            <li key={m.key} className="flex flex-wrap items-center gap-2">
              <span className="flex-1 break-all">
                {m.name}: <span className="text-red-700 dark:text-red-400">{m.refused}</span>
              </span>
              <Button
                variant="ghost"
                className="min-h-9 px-2 text-red-700 dark:text-red-400"
                onClick={() => {
                  if (window.confirm(`Delete ${m.name} from this device? The server does not have it.`))
                    void formMedia.remove(m.key);
                }}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
