import { submissionBody } from '@contract/forms/api';
import { outbox } from '@/lib/outbox';
import { getStoredUser } from '@/lib/session';
import { submitResponseAction, submissionUrl } from '../api/submit-response';
import { formMedia } from './form-media';
import { fromExported } from './response-files';

const FORM_URL = /^\/forms\/([^/]+)\/submissions$/;

/** Where an imported response's file goes: this device's store, waiting for the response to be sent. */
export type KeepImportedFile = (file: {
  formId: string;
  instanceId: string;
  name: string;
  blob: Blob;
}) => Promise<void>;

const keepOnThisDevice: KeepImportedFile = (file) =>
  formMedia.put({ ...file, userId: getStoredUser()?.id ?? null });

/**
 * Takes responses exported from another device's fill page (one outbox entry or a list, as
 * exportEntries writes them) into this device's outbox, to be sent from here. A response already
 * queued here is skipped; one the server already holds is recognised by its instance id (200), so
 * importing twice never makes two records.
 */
export async function importResponses(
  json: string,
  formId: string,
  keepFile: KeepImportedFile = keepOnThisDevice,
): Promise<{ added: number; skipped: number; files: number; message: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {
      added: 0,
      skipped: 0,
      files: 0,
      message: 'This file is not an export of responses (it is not JSON).',
    };
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const queued = new Set((await outbox.entries()).map((e) => e.id));
  let added = 0;
  let skipped = 0;
  let files = 0;
  for (const item of items) {
    const entry = item as { kind?: unknown; url?: unknown; body?: unknown; files?: unknown };
    const body = submissionBody.safeParse(entry?.body);
    if (entry?.kind !== submitResponseAction.kind || !body.success) {
      skipped++;
      continue;
    }
    if (queued.has(body.data.instanceId)) {
      skipped++;
      continue;
    }
    const url = typeof entry.url === 'string' && FORM_URL.test(entry.url) ? entry.url : submissionUrl(formId);
    // Its files first: the uploader sends a response's files once the response is no longer a draft,
    // and a file kept after the response was sent would still go, but later.
    for (const exported of Array.isArray(entry.files) ? entry.files : []) {
      const file = fromExported(exported);
      if (!file) continue;
      await keepFile({ formId: FORM_URL.exec(url)![1]!, instanceId: body.data.instanceId, ...file });
      files++;
    }
    await submitResponseAction.enqueue(body.data, { idempotencyKey: body.data.instanceId, url });
    queued.add(body.data.instanceId);
    added++;
  }
  const message =
    added === 0
      ? 'No new responses in this file.'
      : `${added} ${added === 1 ? 'response' : 'responses'}${files ? ` with ${files} ${files === 1 ? 'file' : 'files'}` : ''} added to this device’s queue${skipped ? ` (${skipped} skipped)` : ''}.`;
  return { added, skipped, files, message };
}
