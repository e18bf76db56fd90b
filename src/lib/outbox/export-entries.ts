import type { OutboxEntry } from './types';

/** Saves entries as a JSON file, so what the server refused can be kept or sent another way. */
export function exportEntries(entries: OutboxEntry[], fileName?: string) {
  const json = JSON.stringify(entries.length === 1 ? entries[0] : entries, null, 2);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download =
    fileName ?? (entries.length === 1 ? `outbox-${entries[0]!.kind}-${entries[0]!.id}.json` : 'outbox.json');
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; an immediate revoke can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
