import { formatBytes } from '@contract/format-bytes';
import { Camera, FileUp, Mic, Trash2, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { compressImage, maxPixelsOf } from '@/lib/compress-image';
import { answerFileName } from '../../fill/media-names';
import { useMediaKeeper } from './media-context';
import type { QuestionInputProps } from './question-input';
import { SignaturePad } from './signature-pad';

type Props = QuestionInputProps & { label: string; hint: string | undefined; id: string };

const kinds = {
  image: { accept: 'image/*', action: 'Take or choose a photo', Icon: Camera },
  audio: { accept: 'audio/*', action: 'Record or choose a recording', Icon: Mic },
  video: { accept: 'video/*', action: 'Record or choose a video', Icon: Video },
  file: { accept: undefined, action: 'Choose a file', Icon: FileUp },
} as const;

/** The kept file of an answer, as an address the page can show or play, released when it changes. */
function useKeptFile(name: string) {
  const keeper = useMediaKeeper();
  const [kept, setKept] = useState<{ name: string; url: string; blob: Blob } | null>(null);
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    if (name)
      void keeper.blobOf(name).then((blob) => {
        if (!live || !blob) return;
        url = URL.createObjectURL(blob);
        setKept({ name, url, blob });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [keeper, name]);
  // A file of another answer (replaced, removed) is never shown for this one.
  return kept?.name === name ? kept : null;
}

/**
 * A photo, recording, video, file or drawn signature (issue 14). The file is kept on the device at
 * once (a photo first made smaller) and the answer holds its name; it is sent with the response.
 */
export function MediaInput({ id, label, hint, error, value, onChange, question, readOnly }: Props) {
  const keeper = useMediaKeeper();
  const kept = useKeptFile(value);
  const [status, setStatus] = useState('');
  const type = question.type as keyof typeof kinds;
  const { accept, action, Icon } = kinds[type] ?? kinds.file;
  const signature = type === 'image' && (question.appearance ?? '').includes('signature');
  const described = [hint && `${id}-hint`, error && `${id}-error`, `${id}-status`].filter(Boolean).join(' ');

  const take = async (chosen: Blob, chosenName?: string) => {
    setStatus(type === 'image' && !signature ? 'Preparing the photo…' : 'Keeping the file…');
    try {
      const blob =
        type === 'image' && !signature
          ? await compressImage(chosen, maxPixelsOf(question.parameters))
          : chosen;
      const name = answerFileName(question.name, blob, chosenName);
      await keeper.keep(name, blob);
      onChange(name);
      setStatus(`Kept on this device (${formatBytes(blob.size)}); it is sent with the response.`);
    } catch {
      setStatus('The file could not be kept on this device; there may be no space left.');
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      )}
      {kept && (
        <div className="flex flex-col gap-1">
          {kept.blob.type.startsWith('image/') ? (
            <img
              src={kept.url}
              alt={`${label}: the picture taken`}
              className="max-h-48 w-auto max-w-full self-start rounded-lg border border-slate-200 dark:border-slate-700"
            />
          ) : kept.blob.type.startsWith('audio/') ? (
            <audio controls src={kept.url} aria-label={`${label}: the recording`} />
          ) : kept.blob.type.startsWith('video/') ? (
            <video
              controls
              src={kept.url}
              aria-label={`${label}: the video`}
              className="max-h-48 max-w-full"
            />
          ) : null}
          <p className="text-sm break-all text-slate-700 dark:text-slate-300">
            {value} · {formatBytes(kept.blob.size)}
          </p>
        </div>
      )}
      {value && !kept && <p className="text-sm break-all">{value}</p>}
      {!readOnly &&
        (signature ? (
          <SignaturePad id={id} label={label} describedBy={described} onSign={(png) => void take(png)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <label
              className={buttonClass(
                'secondary',
                'cursor-pointer focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2',
              )}
            >
              <Icon aria-hidden className="size-4" />
              {value ? 'Replace' : action}
              <input
                id={id}
                type="file"
                className="sr-only"
                accept={accept}
                aria-invalid={error ? true : undefined}
                aria-describedby={described}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void take(file, file.name);
                }}
              />
            </label>
            {value && (
              <Button
                variant="ghost"
                onClick={() => {
                  onChange('');
                  setStatus('Removed.');
                }}
              >
                <Trash2 aria-hidden className="size-4" />
                Remove
              </Button>
            )}
          </div>
        ))}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p id={`${id}-status`} role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {status}
      </p>
    </div>
  );
}
