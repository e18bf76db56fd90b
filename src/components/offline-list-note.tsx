import { savedResultsLabel } from '@/lib/saved-label';

/**
 * Under an offline listing: when the results shown were saved, or that nothing of this list is saved
 * on the device yet, so an empty list (SPEC §4: a failed load is an empty list) is not read as "there
 * are none". `savedAt` is undefined when nothing was saved.
 */
export function OfflineListNote({ savedAt }: { savedAt: number | undefined }) {
  return (
    <p data-testid="saved-results" className="-mt-2 text-sm font-medium text-amber-800 dark:text-amber-200">
      {savedAt === undefined
        ? 'Offline: nothing of this list is saved on this device yet. It loads when you are back online.'
        : savedResultsLabel(savedAt)}
    </p>
  );
}
