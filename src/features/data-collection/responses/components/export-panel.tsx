import type { FormDefinition } from '@contract/forms/definition';
import { Download } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Fieldset } from '@/components/ui/fieldset';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { saveBlob } from '@/lib/save-blob';
import { downloadExport, type DownloadProgress, type ExportFormat } from '../api/download-export';
import { percentOf, progressText } from '../download-progress';
import { hasGeopoint, repeatTables } from '../form-questions';
import type { ResponsesFilter } from '../responses-filter';

const formats: { value: ExportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
  { value: 'geojson', label: 'GeoJSON (GPS points)' },
];

/**
 * The responses as a file: CSV (the main table, or one repeat's), an Excel workbook, or GeoJSON for
 * a form with GPS questions; with labels or names. The file is fetched with the user's token and its
 * progress shown (bytes so far, and time left when the server says the size), since a large form's
 * export takes a while on a slow connection; it can be cancelled.
 */
export function ExportPanel({
  formId,
  definition,
  filter,
  language,
}: {
  formId: string;
  definition: FormDefinition;
  filter: ResponsesFilter;
  language: string | undefined;
}) {
  const offline = useOffline();
  const noteId = useId();
  const repeats = useMemo(() => repeatTables(definition), [definition]);
  const geo = useMemo(() => hasGeopoint(definition), [definition]);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [repeat, setRepeat] = useState('');
  const [labels, setLabels] = useState(true);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setFailure(null);
    setProgress({ received: 0, speed: 0 });
    try {
      const { blob, fileName } = await downloadExport(
        formId,
        { format, filter, labels, language, ...(format === 'csv' && repeat && { repeat }) },
        { signal: controller.signal, onProgress: setProgress },
      );
      saveBlob(blob, fileName);
      notify.success(`${fileName} downloaded.`);
    } catch (error) {
      if (!controller.signal.aborted)
        setFailure(error instanceof Error && error.message ? error.message : 'The export failed.');
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  const available = formats.filter((f) => f.value !== 'geojson' || geo);
  const percent = progress ? percentOf(progress) : undefined;
  return (
    <Fieldset legend="Export responses" className="gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Exports hold every response matching the date, review status and submitter filters
        {filter.question ? ' (the question filter does not apply to exports)' : ''}.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
        >
          {available.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        {format === 'csv' && repeats.length > 0 && (
          <SelectField label="Table to export" value={repeat} onChange={(e) => setRepeat(e.target.value)}>
            <option value="">Responses (one row each)</option>
            {repeats.map((r) => (
              <option key={r.key} value={r.key}>
                {`Repeat: ${r.label(language)} (one row per entry)`}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Headers and answers"
          value={labels ? 'labels' : 'names'}
          onChange={(e) => setLabels(e.target.value === 'labels')}
        >
          <option value="labels">Labels (as people read them)</option>
          <option value="names">Names (as stored, for analysis)</option>
        </SelectField>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      {offline && (
        <NeedsNetworkNote id={noteId}>You are offline. Exports need a connection.</NeedsNetworkNote>
      )}
      {progress ? (
        <div className="flex flex-col gap-2">
          <div
            role="progressbar"
            aria-label="Export download"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText(progress)}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className={
                percent === undefined
                  ? 'h-3 w-1/3 animate-pulse rounded-full bg-brand-600 dark:bg-brand-500'
                  : 'h-3 rounded-full bg-brand-600 transition-[width] dark:bg-brand-500'
              }
              style={percent === undefined ? undefined : { width: `${percent}%` }}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm tabular-nums">{progressText(progress)}</p>
            <Button variant="secondary" onClick={() => running.current?.abort()}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          className="self-start"
          disabled={offline}
          aria-describedby={offline ? noteId : undefined}
          onClick={() => void start()}
        >
          <Download aria-hidden className="size-4" />
          Download export
        </Button>
      )}
    </Fieldset>
  );
}
