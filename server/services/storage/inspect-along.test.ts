import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createInspectAlong } from './inspect-along';

// Arrives in uneven pieces, as a socket delivers it.
const streamOf = (bytes: Uint8Array) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) =>
      Buffer.from(bytes.subarray(i * 1000, (i + 1) * 1000)),
    ),
  );
const drain = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const file = Buffer.from('district,households\n'.repeat(600));
const chunks = [file.subarray(0, 5000), file.subarray(5000, 9000), file.subarray(9000)];

describe('inspecting an upload as its chunks arrive', () => {
  it('gives the whole file’s checksum and type when every chunk passed this process in order', async () => {
    const along = createInspectAlong();
    let offset = 0;
    for (const chunk of chunks) {
      const passed = await drain(along.along('u1', offset, streamOf(chunk)));
      expect(passed.equals(chunk)).toBe(true);
      offset += chunk.length;
      along.settle('u1', offset);
    }
    expect(await along.take('u1', file.length, 'tally.csv')).toEqual({
      size: file.length,
      sha256: sha256(file),
      contentType: 'text/csv',
    });
    // Taken once: a retried completion inspects the stored bytes.
    expect(await along.take('u1', file.length, 'tally.csv')).toBeUndefined();
  });

  it('gives up when a chunk went elsewhere, was stored short, or the upload sat idle', async () => {
    let clock = 0;
    const along = createInspectAlong(() => clock);
    // A chunk another replica took: this process never saw offset 5000 arrive.
    await drain(along.along('elsewhere', 0, streamOf(chunks[0]!)));
    await drain(along.along('elsewhere', 9000, streamOf(chunks[2]!)));
    expect(await along.take('elsewhere', file.length, 'f.csv')).toBeUndefined();

    // Cut mid-chunk: 5000 bytes passed by, the store kept 4096.
    await drain(along.along('short', 0, streamOf(chunks[0]!)));
    along.settle('short', 4096);
    await drain(along.along('short', 4096, streamOf(file.subarray(4096, 9000))));
    expect(await along.take('short', 9000, 'f.csv')).toBeUndefined();

    await drain(along.along('idle', 0, streamOf(chunks[0]!)));
    clock += 2 * 60 * 60 * 1000;
    await drain(along.along('other', 0, streamOf(chunks[0]!)));
    await drain(along.along('idle', 5000, streamOf(chunks[1]!)));
    expect(await along.take('idle', 9000, 'f.csv')).toBeUndefined();
  });
});
