import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { downloadHoursCsv } from '../api/download-hours-csv';

/** Downloads the approved reports as CSV (with the token, so fetched, then saved). */
export function CsvButton({ volunteerId, label = 'Download CSV' }: { volunteerId?: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      pending={busy}
      onClick={() => {
        setBusy(true);
        downloadHoursCsv(volunteerId)
          .catch((error: unknown) =>
            notify.error(
              navigator.onLine
                ? error instanceof Error
                  ? error.message
                  : 'The CSV could not be downloaded.'
                : 'You are offline. Downloading the CSV needs a connection.',
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden className="size-4" />
      {label}
    </Button>
  );
}
