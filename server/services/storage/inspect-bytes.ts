import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { sha256Along } from './sha256-along';

/** Enough of a file's start for every signature file-type knows, OOXML's first zip entries included. */
const HEAD_BYTES = 64 * 1024;

// C0 controls other than tab, line feed, form feed and carriage return (and ESC, which old text
// tools write for colours), plus DEL: a text file has none of them; most binary formats have NULs.
// Tested on the bytes read as latin1 (one character a byte, decoded natively), not byte by byte.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CONTROL = /[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f]/;
const hasBinaryControl = (chunk: Buffer) => BINARY_CONTROL.test(chunk.toString('latin1'));

/** What the server learns of a file while its bytes pass through, whatever the client claimed. */
export interface InspectedBytes {
  size: number;
  /** SHA-256, hex. */
  sha256: string;
  contentType: string;
}

/**
 * A pass-through that hashes, counts and looks at the bytes on their way to the storage adapter, so a
 * file is read once. `result()` is ready once the stream has ended.
 */
export function byteInspector() {
  const hash = sha256Along();
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  // Text until proven otherwise: UTF-8 that decodes strictly and holds no binary controls.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = true;
  const seeText = (chunk: Buffer, last: boolean) => {
    if (!text) return;
    try {
      decoder.decode(chunk, { stream: !last });
      if (hasBinaryControl(chunk)) text = false;
    } catch {
      text = false;
    }
  };
  /** Sees the next bytes of the file, in order. */
  const update = (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    if (headLength < HEAD_BYTES) {
      head.push(chunk.subarray(0, HEAD_BYTES - headLength));
      headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
    }
    seeText(chunk, false);
  };
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    // A multi-byte character cut off at the end is not UTF-8.
    seeText(Buffer.alloc(0), true);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      update(chunk);
      done(null, chunk);
    },
    flush(done) {
      finish();
      done();
    },
  });
  return {
    stream,
    update,
    /** The bytes seen so far. */
    get size() {
      return size;
    },
    async result(name: string): Promise<InspectedBytes> {
      finish();
      const [sha256, contentType] = await Promise.all([
        hash.digest(),
        sniffContentType(Buffer.concat(head), size > 0 && text, name),
      ]);
      return { size, sha256, contentType };
    },
  };
}

export type ByteInspector = ReturnType<typeof byteInspector>;

/** Text formats told apart by the name's extension once the bytes are known to be text; none is active. */
const TEXT_SUBTYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
};

/** Types a browser would render as a document and run script in (file-type calls any XML, SVG too, XML). */
const ACTIVE_TYPES = new Set([
  'application/xml',
  'text/xml',
  'text/html',
  'image/svg+xml',
  'application/xhtml+xml',
]);

/**
 * The content type of a file, from its bytes (ADR 0030): a signature file-type knows (images, PDF,
 * Office files, archives, audio, video); else text/plain for UTF-8 text (text/csv and the like when
 * the name says so). Markup a browser would run (HTML, SVG, any XML) is labelled text/plain too, so no
 * stored file is ever labelled as something a browser executes; else application/octet-stream. An
 * empty file is application/octet-stream: there is nothing to sniff.
 */
export async function sniffContentType(head: Uint8Array, isText: boolean, name: string): Promise<string> {
  if (head.length > 0) {
    const known = await fileTypeFromBuffer(head);
    if (known && !ACTIVE_TYPES.has(known.mime)) return known.mime;
  }
  if (!isText) return 'application/octet-stream';
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return TEXT_SUBTYPES[extension] ?? 'text/plain';
}
