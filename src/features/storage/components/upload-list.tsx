import { formatBytes } from '@contract/format-bytes';
import { CheckCircle2, CloudOff, Pause, Play, RotateCw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { QueuedUpload } from '../upload-queue';

/** '2 min left', '12 s left': what a person waiting wants to know. */
export function timeLeft(remainingBytes: number, bytesPerSecond: number): string {
  if (bytesPerSecond <= 0) return '';
  const seconds = Math.ceil(remainingBytes / bytesPerSecond);
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min left` : `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

interface RowActions {
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

function Row({
  upload,
  offline,
  onPause,
  onResume,
  onCancel,
  onRetry,
}: { upload: QueuedUpload; offline: boolean } & RowActions) {
  const { file, status, progress, error } = upload;
  const sent = progress?.sent ?? 0;
  const total = progress?.total ?? file.size;
  const percent = total > 0 ? Math.round((sent / total) * 100) : status === 'done' ? 100 : 0;
  const detail =
    status === 'uploading' && progress
      ? `${formatBytes(sent)} of ${formatBytes(total)} · ${formatBytes(progress.speed)}/s · ${timeLeft(total - sent, progress.speed)}`
      : status === 'waiting'
        ? offline
          ? 'Waiting for a connection'
          : (error ?? 'Waiting')
        : status === 'paused'
          ? `Paused at ${formatBytes(sent)} of ${formatBytes(total)}`
          : status === 'done'
            ? `Uploaded (${formatBytes(file.size)})`
            : status === 'cancelled'
              ? 'Cancelled'
              : error;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex items-center gap-2">
        {status === 'done' && <CheckCircle2 aria-hidden className="size-4 shrink-0 text-brand-600" />}
        {status === 'waiting' && offline && <CloudOff aria-hidden className="size-4 shrink-0" />}
        <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
        {(status === 'failed' || status === 'cancelled') && (
          <Button variant="ghost" onClick={onRetry} aria-label={`Retry ${file.name}`}>
            <RotateCw aria-hidden className="size-4" />
            Retry
          </Button>
        )}
        {(status === 'waiting' || status === 'uploading') && (
          <Button variant="ghost" onClick={onPause} aria-label={`Pause ${file.name}`}>
            <Pause aria-hidden className="size-4" />
            Pause
          </Button>
        )}
        {status === 'paused' && (
          <Button variant="ghost" onClick={onResume} aria-label={`Resume ${file.name}`}>
            <Play aria-hidden className="size-4" />
            Resume
          </Button>
        )}
        {(status === 'waiting' || status === 'uploading' || status === 'paused') && (
          <Button variant="ghost" onClick={onCancel} aria-label={`Cancel ${file.name}`}>
            <X aria-hidden className="size-4" />
            Cancel
          </Button>
        )}
      </div>
      {(status === 'uploading' || status === 'waiting' || status === 'paused') && (
        <progress
          className="h-2 w-full accent-brand-600"
          max={100}
          value={percent}
          aria-label={`${file.name} uploaded`}
        />
      )}
      <p
        className={
          status === 'failed'
            ? 'text-sm text-red-700 dark:text-red-400'
            : 'text-sm text-slate-600 dark:text-slate-400'
        }
      >
        {detail}
      </p>
    </li>
  );
}

/** Each chosen file's progress (speed, time left), with Pause/Resume and Cancel, and Retry for a failed one. */
export function UploadList({
  uploads,
  offline,
  onPause,
  onResume,
  onCancel,
  onRetry,
  onClear,
}: {
  uploads: readonly QueuedUpload[];
  offline: boolean;
  onPause: (key: number) => void;
  onResume: (key: number) => void;
  onCancel: (key: number) => void;
  onRetry: (key: number) => void;
  onClear: () => void;
}) {
  if (uploads.length === 0) return null;
  const finished = uploads.some(
    (u) => u.status === 'done' || u.status === 'failed' || u.status === 'cancelled',
  );
  return (
    <section aria-labelledby="uploads-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 id="uploads-heading" className="font-semibold">
          Uploads
        </h2>
        {finished && (
          <Button variant="ghost" onClick={onClear}>
            Clear finished
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-2" aria-live="polite">
        {uploads.map((upload) => (
          <Row
            key={upload.key}
            upload={upload}
            offline={offline}
            onPause={() => onPause(upload.key)}
            onResume={() => onResume(upload.key)}
            onCancel={() => onCancel(upload.key)}
            onRetry={() => onRetry(upload.key)}
          />
        ))}
      </ul>
    </section>
  );
}
