import { formatBytes } from '@contract/format-bytes';
import type { SubmissionMedia } from '@contract/forms/api';
import { submissionMediaPath } from '@contract/forms/media';
import { useQuery } from '@tanstack/react-query';
import { Clock, Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { notify } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';

/** A picture's thumbnail (a few KB, what a phone on a slow link can afford), fetched with the token. */
function MediaThumbnail({ path, name }: { path: string; name: string }) {
  const { data: src } = useQuery({
    queryKey: ['form-responses', 'media-thumbnail', path],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await fetchAuthorizedBlob(`${path}?thumbnail=1`, signal)),
    staleTime: Infinity,
    retry: false,
  });
  if (!src) return <FileText aria-hidden className="size-10 text-slate-400" />;
  return (
    <img
      src={src}
      alt={name}
      className="size-20 rounded-md border border-slate-200 object-cover dark:border-slate-700"
    />
  );
}

/**
 * The files a response's answers name: each one received (its thumbnail, its size, a download), in
 * Cloud Storage's trash (nothing to show until it is restored there), or still awaited from the device
 * that filled it, which sends them after the answers.
 */
export function ResponseMedia({
  formId,
  submissionId,
  media,
}: {
  formId: string;
  submissionId: string;
  media: SubmissionMedia[];
}) {
  const [fetching, setFetching] = useState<string | null>(null);
  if (media.length === 0) return null;
  const download = async (item: SubmissionMedia) => {
    setFetching(item.name);
    try {
      saveBlob(await fetchAuthorizedBlob(submissionMediaPath(formId, submissionId, item.name)), item.name);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'The file could not be downloaded.');
    } finally {
      setFetching(null);
    }
  };
  return (
    <section className="flex flex-col gap-2">
      <h4 className="text-base font-semibold">Files</h4>
      <ul className="flex flex-col gap-3">
        {media.map((item) => (
          <li key={item.name} className="flex flex-wrap items-center gap-3">
            {item.trashed ? (
              <Trash2 aria-hidden className="size-10 text-slate-500" />
            ) : item.received && item.hasThumbnail ? (
              <MediaThumbnail path={submissionMediaPath(formId, submissionId, item.name)} name={item.name} />
            ) : item.received ? (
              <FileText aria-hidden className="size-10 text-slate-500" />
            ) : (
              <Clock aria-hidden className="size-10 text-amber-600" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-all">{item.name}</p>
              <p className="text-slate-700 dark:text-slate-300">
                {item.trashed
                  ? 'In Cloud Storage’s trash: restore it there to see it here.'
                  : item.received
                    ? [item.contentType, item.sizeBytes === null ? '' : formatBytes(item.sizeBytes)]
                        .filter(Boolean)
                        .join(' · ')
                    : 'Not arrived yet: the device that filled the form sends it when it has a connection.'}
              </p>
            </div>
            {item.received && !item.trashed && (
              <Button
                variant="secondary"
                pending={fetching === item.name}
                pendingLabel="Downloading…"
                aria-label={`Download ${item.name}`}
                onClick={() => void download(item)}
              >
                <Download aria-hidden className="size-4" />
                Download
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
