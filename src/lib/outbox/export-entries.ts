import { saveBlob } from '../save-blob';
import type { OutboxEntry } from './types';

/** Saves entries as a JSON file, so what the server refused can be kept or sent another way. */
export function exportEntries(entries: OutboxEntry[], fileName?: string) {
  const json = JSON.stringify(entries.length === 1 ? entries[0] : entries, null, 2);
  saveBlob(
    new Blob([json], { type: 'application/json' }),
    fileName ?? (entries.length === 1 ? `outbox-${entries[0]!.kind}-${entries[0]!.id}.json` : 'outbox.json'),
  );
}
