import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { byteInspector } from './inspect-bytes';

/** Runs chunks through the inspector as an upload would, and answers what it learnt. */
async function inspect(chunks: Buffer[], name = 'file') {
  const inspector = byteInspector();
  await pipeline(Readable.from(chunks), inspector.stream, new Writable({ write: (_c, _e, done) => done() }));
  return inspector.result(name);
}

describe('the byte inspector', () => {
  it('counts and hashes every byte, however the chunks fall', async () => {
    const data = Buffer.from('a'.repeat(100_000));
    const result = await inspect([data.subarray(0, 1), data.subarray(1, 70_000), data.subarray(70_000)]);
    expect(result).toEqual({
      size: 100_000,
      sha256: createHash('sha256').update(data).digest('hex'),
      contentType: 'text/plain',
    });
  });

  it('keeps UTF-8 text whose characters are split between chunks, and refuses a cut-off one at the end', async () => {
    const text = Buffer.from('Murakoze – 👋');
    const cut = text.length - 2;
    expect((await inspect([text.subarray(0, cut), text.subarray(cut)])).contentType).toBe('text/plain');
    expect((await inspect([text.subarray(0, cut)])).contentType).toBe('application/octet-stream');
  });

  it('calls text with tabs, line breaks, form feeds and colour codes text, and other controls binary', async () => {
    expect((await inspect([Buffer.from('a\tb\r\nc\fd\u001b[31mred\u001b[0m')])).contentType).toBe(
      'text/plain',
    );
    for (const control of ['\u0000', '\u0001', '\u000b', '\u001f', '\u007f'])
      expect((await inspect([Buffer.from(`text${control}text`)])).contentType).toBe(
        'application/octet-stream',
      );
  });

  it('names text subtypes by extension only when the bytes are text', async () => {
    expect((await inspect([Buffer.from('a,b\n')], 'Data.CSV')).contentType).toBe('text/csv');
    expect((await inspect([Buffer.from('# Notes\n')], 'notes.md')).contentType).toBe('text/markdown');
    expect((await inspect([Buffer.from([0xff, 0x00])], 'data.csv')).contentType).toBe(
      'application/octet-stream',
    );
  });
});
