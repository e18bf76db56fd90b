import { HardDrive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { formatBytes } from '@contract/format-bytes';
import { storageFigures, type StorageFigures } from '@/lib/storage-persistence';

type State = { status: 'loading' } | { status: 'unknown' } | { status: 'ready'; figures: StorageFigures };

/** What NGO Portal keeps on this device for offline use (issue 5), as the browser reports it. */
export function OfflineStorageSection() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void storageFigures().then((figures) => {
      if (live) setState(figures ? { status: 'ready', figures } : { status: 'unknown' });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Card className="flex flex-col gap-3">
      <h2 id="offline-storage" className="flex items-center gap-2 text-lg font-semibold">
        <HardDrive aria-hidden className="size-5" />
        Offline storage
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Grants, blog posts and your dashboard are saved on this device once seen, so they open without a
        connection. Logging out deletes your own data from this device.
      </p>
      <div role="status" aria-labelledby="offline-storage" className="text-sm">
        {state.status === 'loading' && <p>Checking storage...</p>}
        {state.status === 'unknown' && <p>This browser does not report how much storage is used.</p>}
        {state.status === 'ready' && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Used</dt>
            <dd data-testid="storage-used">{formatBytes(state.figures.usage)}</dd>
            {state.figures.quota > 0 && (
              <>
                <dt className="font-medium">Available to this site</dt>
                <dd>{formatBytes(state.figures.quota)}</dd>
              </>
            )}
            <dt className="font-medium">Kept when space runs low</dt>
            <dd>
              {state.figures.persisted
                ? 'Yes: the browser will not clear it on its own.'
                : 'Not guaranteed: the browser may clear it if the device runs short of space.'}
            </dd>
          </dl>
        )}
      </div>
    </Card>
  );
}
