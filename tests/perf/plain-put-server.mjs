/**
 * bench:files' baseline: a bare Node server that writes each PUT's body to a file in the folder given
 * as its argument (`?sha256`: taking the body's SHA-256 on the way). Run as a process of its own, as the
 * product's server is, so neither side of the comparison shares a thread with the client. Sends its
 * port to the parent over IPC.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import process from 'node:process';

const dir = process.argv[2];
let n = 0;
const server = createServer((req, res) => {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const steps = req.url?.endsWith('?sha256') ? [hashing] : [];
  pipeline([req, ...steps, createWriteStream(join(dir, `put-${n++}`))]).then(
    () => res.writeHead(201).end(),
    () => res.writeHead(500).end(),
  );
});
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
process.on('disconnect', () => server.close());
