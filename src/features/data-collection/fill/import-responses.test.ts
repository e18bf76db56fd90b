import { describe, expect, it } from 'vitest';
import { outbox } from '@/lib/outbox';
import { importResponses } from './import-responses';

const entry = (instanceId: string, formId = 'f1') => ({
  id: instanceId,
  kind: 'form-response',
  label: 'Form response',
  method: 'POST',
  url: `/forms/${formId}/submissions`,
  body: { instanceId, version: 1, answers: { village: 'Juru' } },
  userId: null,
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  status: 'pending',
});

describe('importing exported responses', () => {
  it('queues each response once, to its own form, and skips what is not a response', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const file = JSON.stringify([
      entry(a),
      entry(b, 'f2'),
      { kind: 'contact-message', body: {} },
      entry('not-a-uuid'),
    ]);
    const first = await importResponses(file, 'f1');
    expect(first).toMatchObject({ added: 2, skipped: 2 });
    const queued = (await outbox.entries()).filter((e) => e.id === a || e.id === b);
    expect(queued.map((e) => e.url).sort()).toEqual(['/forms/f1/submissions', '/forms/f2/submissions']);
    expect(queued.find((e) => e.id === a)?.body).toEqual({
      instanceId: a,
      version: 1,
      answers: { village: 'Juru' },
    });

    const again = await importResponses(file, 'f1');
    expect(again).toMatchObject({ added: 0, message: 'No new responses in this file.' });
    expect((await importResponses('not json', 'f1')).message).toContain('not JSON');
    await Promise.all([a, b].map((id) => outbox.remove(id)));
  });
});
