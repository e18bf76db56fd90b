import { describe, expect, it } from 'vitest';
import { toWebStream } from './web-stream';

describe('web stream of chunks', () => {
  it('reads nothing before the first pull and one chunk per pull after', async () => {
    const produced: number[] = [];
    async function* chunks() {
      for (let i = 0; i < 100; i++) {
        produced.push(i);
        yield `chunk ${i};`;
      }
    }
    const stream = toWebStream(chunks());
    await new Promise((r) => setTimeout(r, 10));
    expect(produced).toEqual([]);
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('chunk 0;');
    await new Promise((r) => setTimeout(r, 10));
    // Only what was read: nothing is kept ahead.
    expect(produced).toEqual([0]);
    await reader.cancel();
  });

  it('runs the generator’s cleanup when the client goes away', async () => {
    let cleaned = false;
    async function* chunks() {
      try {
        for (;;) yield 'x';
      } finally {
        cleaned = true;
      }
    }
    const reader = toWebStream(chunks()).getReader();
    await reader.read();
    await reader.cancel();
    expect(cleaned).toBe(true);
  });

  it('reports a failure mid-stream and errors the stream', async () => {
    const seen: unknown[] = [];
    async function* chunks() {
      yield 'ok';
      throw new Error('database went away');
    }
    const reader = toWebStream(chunks(), (e) => seen.push(e)).getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow('database went away');
    expect(seen).toHaveLength(1);
  });
});
