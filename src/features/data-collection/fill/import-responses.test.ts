import { describe, expect, it } from 'vitest';
import { outbox } from '@/lib/outbox';
import type { OutboxEntry } from '@/lib/outbox';
import { importResponses, type KeepImportedFile } from './import-responses';
import { withFiles } from './response-files';

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

  it('carries a response’s photos in its export and keeps them on the importing device, byte for byte', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    // Every byte value, so nothing is lost to a text encoding on the way.
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    const kept = { [a]: [{ name: 'house.jpg', blob: new Blob([bytes], { type: 'image/jpeg' }) }] };
    const exported = await withFiles(
      [entry(a, 'f3'), entry(b, 'f3')] as OutboxEntry[],
      async (instanceId) => kept[instanceId] ?? [],
    );
    expect(exported[0]!.files).toHaveLength(1);
    expect(exported[1]).not.toHaveProperty('files');

    const arrived: Parameters<KeepImportedFile>[0][] = [];
    const result = await importResponses(JSON.stringify(exported), 'f1', async (file) => {
      arrived.push(file);
    });
    expect(result).toMatchObject({
      added: 2,
      files: 1,
      message: '2 responses with 1 file added to this device’s queue.',
    });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ formId: 'f3', instanceId: a, name: 'house.jpg' });
    expect(arrived[0]!.blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await arrived[0]!.blob.arrayBuffer())).toEqual(bytes);
    await Promise.all([a, b].map((id) => outbox.remove(id)));
  });

  it('skips a carried file that is not one, and still queues its response', async () => {
    const a = crypto.randomUUID();
    const broken = {
      ...entry(a),
      files: [{ name: 'x.jpg', type: 'image/jpeg', data: '%%%' }, { data: 'AAAA' }],
    };
    const arrived: unknown[] = [];
    const result = await importResponses(JSON.stringify(broken), 'f1', async (file) => {
      arrived.push(file);
    });
    expect(result).toMatchObject({ added: 1, files: 0 });
    expect(arrived).toEqual([]);
    await outbox.remove(a);
  });
});
