import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, endHashingThread, sha256Along } from './sha256-along';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Gives `bytes` to a running hash in chunks of `size` (the last one shorter), as a socket would. */
function hashInChunks(bytes: Buffer, size: number) {
  const hash = sha256Along();
  for (let at = 0; at < bytes.length; at += size) hash.update(bytes.subarray(at, at + size));
  return hash.digest();
}

describe('a SHA-256 taken along the bytes', () => {
  it('matches the one-shot digest for a small file (hashed here) and the empty file', async () => {
    const small = randomBytes(100_000);
    expect(await hashInChunks(small, 65_536)).toBe(sha256(small));
    expect(await sha256Along().digest()).toBe(sha256(Buffer.alloc(0)));
  });

  it('matches it for a large file whose batches go to the hashing thread, however the chunks fall', async () => {
    const large = randomBytes(3 * BATCH_BYTES + 12_345);
    const expected = sha256(large);
    // Socket-sized reads, odd sizes that straddle the batches, and one chunk larger than a batch.
    expect(await hashInChunks(large, 65_536)).toBe(expected);
    expect(await hashInChunks(large, 100_003)).toBe(expected);
    expect(await hashInChunks(large, 2 * BATCH_BYTES + 1)).toBe(expected);
  });

  it('keeps files hashed at the same time apart, and leaves the chunks it was given as they were', async () => {
    const [a, b] = [randomBytes(2 * BATCH_BYTES + 5), randomBytes(2 * BATCH_BYTES + 7)];
    const [copyA, copyB] = [Buffer.from(a), Buffer.from(b)];
    const [hashA, hashB] = [sha256Along(), sha256Along()];
    for (let at = 0; at < Math.max(a.length, b.length); at += 65_536) {
      if (at < a.length) hashA.update(a.subarray(at, at + 65_536));
      if (at < b.length) hashB.update(b.subarray(at, at + 65_536));
    }
    expect(await Promise.all([hashB.digest(), hashA.digest()])).toEqual([sha256(b), sha256(a)]);
    expect(a.equals(copyA) && b.equals(copyB)).toBe(true);
  });

  it('fails the hashes a stopped thread held, and hashes the next file on a new one', async () => {
    const bytes = randomBytes(2 * BATCH_BYTES + 1);
    const cut = sha256Along();
    cut.update(bytes);
    await endHashingThread();
    await expect(cut.digest()).rejects.toThrow('hashing thread stopped');
    expect(await hashInChunks(bytes, 65_536)).toBe(sha256(bytes));
  });
});
