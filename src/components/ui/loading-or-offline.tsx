import type { FetchStatus } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A screen's first load: its skeleton while the request runs, or, when the query waits for a network
 * the device does not have (nothing of it saved here yet), why nothing comes instead of a skeleton
 * that never ends. The query resumes by itself once the device is back online.
 */
export function LoadingOrOffline({
  fetchStatus,
  children,
}: {
  fetchStatus: FetchStatus;
  children: ReactNode;
}) {
  if (fetchStatus !== 'paused') return <>{children}</>;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      <CloudOff aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>
        <span className="font-semibold">Not saved on this device yet.</span> It opens offline once it has been
        loaded with a connection, and loads by itself when you are back online.
      </p>
    </div>
  );
}
