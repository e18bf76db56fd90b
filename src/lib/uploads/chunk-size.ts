/*
 * Chunk sizes for resumable uploads, following the connection (issue 13: Nextcloud's fixed 10 MB
 * chunks with a 60 s timeout fail on a 0.1–1.5 MB/s link). Each chunk aims to take a few seconds at
 * the throughput the last one measured: on 2G a dropped connection loses a few seconds of sending,
 * on a fast link each request carries enough to keep the line busy.
 */

/** The first chunk, before anything is measured: about 10 s up on Regular 2G (50 kbit/s up). */
export const FIRST_CHUNK_BYTES = 64 * 1024;
export const MIN_CHUNK_BYTES = 32 * 1024;
// On a fast link each request costs a round of checks (token, lock, record) whatever it carries, so
// chunks grow large there; the server takes up to 50 MiB.
export const MAX_CHUNK_BYTES = 32 * 1024 * 1024;
/** How long one chunk should take to send. */
const TARGET_SECONDS = 5;

/*
 * How much one measurement may grow the next chunk. The server keeps what arrived of a chunk cut off
 * (uploads.routes.ts), so a chunk larger than the link deserves costs no re-sending when it drops; the
 * limit only bounds one misleading measurement (a proxy that takes the request faster than it sends it
 * on). Sixteenfold, a fast link reaches the ceiling in three requests (64 KiB, 1 MiB, 16 MiB) rather
 * than five, and each request costs a round of checks (token, record, lock): on loopback that took a
 * 32 MiB upload from 0.44 to 0.58 of a plain PUT's throughput (docs/performance.md, bench:files).
 */
const MAX_GROWTH = 16;

/**
 * The next chunk's size from the last one's: sized to take TARGET_SECONDS at the measured rate,
 * growing at most MAX_GROWTH times at once, within the bounds.
 */
export function nextChunkSize(lastBytes: number, lastSeconds: number): number {
  if (!(lastBytes > 0) || !(lastSeconds > 0)) return FIRST_CHUNK_BYTES;
  const fitting = (lastBytes / lastSeconds) * TARGET_SECONDS;
  const size = Math.min(fitting, lastBytes * MAX_GROWTH);
  return Math.round(Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, size)));
}

/*
 * The link's speed as the last chunk measured it, so that the next upload starts where the last one
 * left off instead of at 64 KiB: on a fast link each request costs a round of checks, and three of
 * them to learn the speed again cost a 32 MiB upload a quarter of its throughput (bench:files). Kept
 * in memory only, for LINK_MEMORY_MS, and only while the browser reports the same kind of connection
 * (where it says: navigator.connection); a failed request forgets it (tus-chunking.ts).
 */
const LINK_MEMORY_MS = 2 * 60_000;

interface LinkSpeed {
  bytes: number;
  seconds: number;
  at: number;
  connection: string | undefined;
}

let lastLink: LinkSpeed | null = null;

const connectionType = (): string | undefined =>
  (globalThis.navigator as { connection?: { effectiveType?: string } } | undefined)?.connection
    ?.effectiveType;

/** Records what a chunk measured: `bytes` sent in `seconds`. */
export function rememberLinkSpeed(bytes: number, seconds: number, now = Date.now()): void {
  if (bytes > 0 && seconds > 0) lastLink = { bytes, seconds, at: now, connection: connectionType() };
}

export function forgetLinkSpeed(): void {
  lastLink = null;
}

/** The first chunk of an upload: sized from the last measurement while it holds, else FIRST_CHUNK_BYTES. */
export function firstChunkSize(now = Date.now()): number {
  if (!lastLink || now - lastLink.at > LINK_MEMORY_MS || lastLink.connection !== connectionType())
    return FIRST_CHUNK_BYTES;
  return nextChunkSize(lastLink.bytes, lastLink.seconds);
}
