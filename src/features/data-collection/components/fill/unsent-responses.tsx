import { CloudUpload, Download, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { exportEntries } from '@/lib/outbox/export-entries';
import { submitResponseAction, submissionUrl } from '../../api/submit-response';
import { formMedia } from '../../fill/form-media';
import { UnsentFiles } from './unsent-files';

const when = (ms: number) => new Date(ms).toLocaleString();

/** Responses saved to a file with the photos and recordings they keep here, to be imported elsewhere. */
async function exportResponses(entries: OutboxEntry[], fileName?: string) {
  // Loaded on a click, like the import: the fill page's first load carries neither.
  const { withFiles } = await import('../../fill/response-files');
  exportEntries(await withFiles(entries, formMedia.ofInstance), fileName);
}

/**
 * Always on the fill page: how many of this form's responses wait on this device, and, opened, each
 * one with its state, to export (to carry to another device or hand to an admin) or delete, plus an
 * import of such a file. Nothing unsent is ever dropped without the person's own click.
 */
export function UnsentResponses({ formId }: { formId: string }) {
  const box = useOutbox();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const url = submissionUrl(formId);
  const mine = (e: OutboxEntry) => e.kind === submitResponseAction.kind && e.url === url;
  const waiting = box.waiting.filter(mine);
  const attention = box.attention.filter(mine);
  const unsent = waiting.length + attention.length;

  return (
    <div className="flex flex-col gap-2">
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm font-medium">
        <CloudUpload aria-hidden className="size-4" />
        {unsent === 0
          ? 'No unsent responses on this device.'
          : `${unsent} unsent ${unsent === 1 ? 'response' : 'responses'} on this device${attention.length ? ` (${attention.length} need attention)` : ''}.`}
        <Button variant="ghost" className="min-h-9 px-2" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Manage'}
        </Button>
      </p>
      <UnsentFiles formId={formId} />
      {open && (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
          {unsent > 0 && (
            <ul className="flex flex-col gap-2">
              {[...attention, ...waiting].map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-2">
                  <span className="flex-1">
                    Started {when(e.createdAt)} ·{' '}
                    {e.status === 'attention' ? (
                      <span className="text-red-700 dark:text-red-400">
                        {e.lastError?.message ?? 'Refused'}
                      </span>
                    ) : e.attempts > 0 ? (
                      'waiting to retry'
                    ) : (
                      'waiting for a connection'
                    )}
                  </span>
                  <Button variant="ghost" className="min-h-9 px-2" onClick={() => void exportResponses([e])}>
                    <Download aria-hidden className="size-4" />
                    Export
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2 text-red-700 dark:text-red-400"
                    onClick={() => {
                      if (window.confirm('Delete this response from this device? It has not been sent.'))
                        void box.remove(e.id);
                    }}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            {unsent > 0 && (
              <>
                <Button variant="secondary" onClick={() => void box.syncNow()}>
                  Send now
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void exportResponses([...attention, ...waiting], `unsent-responses-${formId}.json`)
                  }
                >
                  <Download aria-hidden className="size-4" />
                  Export all
                </Button>
              </>
            )}
            <Button variant="secondary" onClick={() => file.current?.click()}>
              <Upload aria-hidden className="size-4" />
              Import responses
            </Button>
            <input
              ref={file}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              aria-label="Import responses from a file"
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                e.target.value = '';
                if (!chosen) return;
                // The import checks each response with zod: loaded only when someone imports a file.
                const { importResponses } = await import('../../fill/import-responses');
                const result = await importResponses(await chosen.text(), formId);
                setNote(result.message);
              }}
            />
          </div>
          {note && <p role="status">{note}</p>}
        </div>
      )}
    </div>
  );
}
