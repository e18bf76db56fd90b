import type { OutboxEntry } from '@/lib/outbox';

/*
 * The files of a response carried inside its export (issue 14: "unsent submissions can be exported to
 * a file, then imported on another device"). Without them a response moved to another phone would
 * arrive naming photos that no device holds any more. Each file rides in its entry as base64, so the
 * export stays one JSON file a volunteer can send or copy.
 */

export interface ExportedFile {
  /** The answer's value: the file's name on the device. */
  name: string;
  type: string;
  /** The bytes, base64. */
  data: string;
}

export type EntryWithFiles = OutboxEntry & { files?: ExportedFile[] };

/** A file's bytes as base64, in slices (String.fromCharCode takes a bounded number of arguments). */
export async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The file back from an export, or null when what the file holds is not one. */
export function fromExported(file: unknown): { name: string; blob: Blob } | null {
  const f = file as Partial<ExportedFile> | null;
  if (!f || typeof f.name !== 'string' || typeof f.data !== 'string' || !f.name || f.name.length > 255)
    return null;
  try {
    const text = atob(f.data);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return { name: f.name, blob: new Blob([bytes], { type: typeof f.type === 'string' ? f.type : '' }) };
  } catch {
    return null;
  }
}

/** Each entry with the files its instance keeps on this device (none: the entry as it is). */
export async function withFiles(
  entries: OutboxEntry[],
  filesOf: (instanceId: string) => Promise<{ name: string; blob: Blob }[]>,
): Promise<EntryWithFiles[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const files = await filesOf(entry.id);
      if (files.length === 0) return entry;
      return {
        ...entry,
        files: await Promise.all(
          files.map(async (f) => ({ name: f.name, type: f.blob.type, data: await toBase64(f.blob) })),
        ),
      };
    }),
  );
}
