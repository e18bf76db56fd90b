import { submissionBody } from '@contract/forms/api';
import { outbox } from '@/lib/outbox';
import { submitResponseAction, submissionUrl } from '../api/submit-response';

const FORM_URL = /^\/forms\/[^/]+\/submissions$/;

/**
 * Takes responses exported from another device's fill page (one outbox entry or a list, as
 * exportEntries writes them) into this device's outbox, to be sent from here. A response already
 * queued here is skipped; one the server already holds is recognised by its instance id (200), so
 * importing twice never makes two records.
 */
export async function importResponses(
  json: string,
  formId: string,
): Promise<{ added: number; skipped: number; message: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { added: 0, skipped: 0, message: 'This file is not an export of responses (it is not JSON).' };
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const queued = new Set((await outbox.entries()).map((e) => e.id));
  let added = 0;
  let skipped = 0;
  for (const item of items) {
    const entry = item as { kind?: unknown; url?: unknown; body?: unknown };
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
    await submitResponseAction.enqueue(body.data, { idempotencyKey: body.data.instanceId, url });
    queued.add(body.data.instanceId);
    added++;
  }
  const message =
    added === 0
      ? 'No new responses in this file.'
      : `${added} ${added === 1 ? 'response' : 'responses'} added to this device’s queue${skipped ? ` (${skipped} skipped)` : ''}.`;
  return { added, skipped, message };
}
