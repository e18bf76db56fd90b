import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/*
 * A local S3-compatible server for tests: s3rver (a fake S3 on Node that keeps objects on disk), behind
 * a small HTTP layer that adds the two multipart operations s3rver lacks (it answers both with 405
 * MethodNotAllowed) and @tus/s3-store needs:
 *
 * - ListParts (`GET /{bucket}/{key}?uploadId=…`), on every HEAD and PATCH of an upload;
 * - AbortMultipartUpload (`DELETE /{bucket}/{key}?uploadId=…`), when an upload is cancelled.
 *
 * Why not another package: no maintained npm S3 stand-in that runs on Node 20 without Java, Docker or a
 * downloaded binary implements both (checked: s3rver 3.7.1, its fork @20minutes/s3rver 4.x/5.x,
 * fauxqs 2.4.1, @push.rocks/smarts3, which wraps s3rver).
 *
 * Both are answered from s3rver's own record of an upload in progress (lib/stores/filesystem.js):
 * `<directory>/<bucket>/._S3rver_uploads/<uploadId>/` holds `key`, and each uploaded part as a file
 * named by its number with its MD5 (the part's ETag) in `<number>.md5`, written once the part is whole.
 * s3rver removes that folder when the upload is completed. Every other request goes through to s3rver
 * untouched. Like s3rver with a V4-signed request, the two check the access key id, not the signature.
 */

export interface S3StandIn {
  /** What S3_ENDPOINT is set to (path-style addressing). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

const UPLOADS_FOLDER = '._S3rver_uploads';
/** s3rver's default account (its secret is the same). */
const ACCESS_KEY_ID = 'S3RVER';
/** S3's own page size for ListParts, and its limit on max-parts. */
const MAX_PARTS = 1000;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

const element = (name: string, value: string | number | boolean) =>
  `<${name}>${escapeXml(String(value))}</${name}>`;

function sendXml(res: ServerResponse, status: number, body: string) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(xml),
  });
  res.end(xml);
}

/** S3's error document (the SDK reads Code to name the error it throws). */
function sendError(res: ServerResponse, status: number, code: string, message: string, uploadId?: string) {
  sendXml(
    res,
    status,
    `<Error>${element('Code', code)}${element('Message', message)}` +
      `${uploadId === undefined ? '' : element('UploadId', uploadId)}</Error>`,
  );
}

const noSuchUpload = (res: ServerResponse, uploadId: string) =>
  sendError(
    res,
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    uploadId,
  );

/** The upload's folder in s3rver's store, when `uploadId` is an upload in progress of that key. */
async function uploadFolder(directory: string, bucket: string, key: string, uploadId: string) {
  // s3rver's ids are 32 hex digits; anything else (a path, say) names no upload.
  if (!/^[0-9a-f]{1,64}$/.test(uploadId)) return undefined;
  const folder = join(directory, bucket, UPLOADS_FOLDER, uploadId);
  const storedKey = await readFile(join(folder, 'key'), 'utf8').catch(() => undefined);
  return storedKey === key ? folder : undefined;
}

/** The upload's whole parts, by part number: a part still arriving has no `.md5` yet. */
async function partsOf(folder: string) {
  const names = new Set(await readdir(folder));
  const numbers = [...names]
    .filter((name) => /^\d+$/.test(name) && names.has(`${name}.md5`))
    .map(Number)
    .sort((a, b) => a - b);
  return Promise.all(
    numbers.map(async (number) => {
      const [info, md5] = await Promise.all([
        stat(join(folder, String(number))),
        readFile(join(folder, `${number}.md5`), 'utf8'),
      ]);
      return { number, etag: `"${md5.trim()}"`, size: info.size, modified: info.mtime };
    }),
  );
}

/** ListParts, as S3 answers it (its elements in S3's order): at most max-parts after part-number-marker. */
async function listParts(
  res: ServerResponse,
  folder: string,
  bucket: string,
  key: string,
  query: URLSearchParams,
) {
  const uploadId = query.get('uploadId')!;
  const marker = Number(query.get('part-number-marker') ?? 0);
  const maxParts = Math.min(Number(query.get('max-parts') ?? MAX_PARTS), MAX_PARTS);
  if (!Number.isInteger(marker) || marker < 0 || !Number.isInteger(maxParts) || maxParts < 0)
    return sendError(res, 400, 'InvalidArgument', 'part-number-marker and max-parts must be whole numbers.');
  const after = (await partsOf(folder)).filter((part) => part.number > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  sendXml(
    res,
    200,
    '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      element('Bucket', bucket) +
      element('Key', key) +
      element('UploadId', uploadId) +
      element('PartNumberMarker', marker) +
      element('NextPartNumberMarker', page.at(-1)?.number ?? marker) +
      element('MaxParts', maxParts) +
      element('IsTruncated', truncated) +
      page
        .map(
          (part) =>
            '<Part>' +
            element('PartNumber', part.number) +
            element('LastModified', part.modified.toISOString()) +
            element('ETag', part.etag) +
            element('Size', part.size) +
            '</Part>',
        )
        .join('') +
      element('StorageClass', 'STANDARD') +
      '</ListPartsResult>',
  );
}

/** Answers ListParts and AbortMultipartUpload; false for every other request (s3rver's). */
async function answerMultipart(directory: string, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const uploadId = url.searchParams.get('uploadId');
  // Path-style `/{bucket}/{key}`; the SDK encodes each segment of the key.
  const match = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (uploadId === null || !match || (req.method !== 'GET' && req.method !== 'DELETE')) return false;
  const bucket = decodeURIComponent(match[1]!);
  const key = match[2]!.split('/').map(decodeURIComponent).join('/');
  const accessKeyId = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1];
  if (accessKeyId !== ACCESS_KEY_ID) {
    sendError(
      res,
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
    return true;
  }
  const folder = await uploadFolder(directory, bucket, key, uploadId);
  if (!folder) noSuchUpload(res, uploadId);
  else if (req.method === 'GET') await listParts(res, folder, bucket, key, url.searchParams);
  else {
    // AbortMultipartUpload: the parts are gone, and S3 answers 204 No Content.
    await rm(folder, { recursive: true, force: true });
    res.writeHead(204).end();
  }
  return true;
}

/** Starts s3rver with `bucket` in a folder of its own, and the layer in front of it; both on loopback. */
export async function startS3StandIn(bucket = 'ngo-files'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'ngo-s3-stand-in-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const upstream = (await s3rver.run()) as AddressInfo;
  const agent = new Agent({ keepAlive: true });

  const front = createServer((req, res) => {
    answerMultipart(directory, req, res)
      .then((answered) => {
        if (answered) return;
        const forwarded = request(
          {
            host: upstream.address,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forwarded.on('error', (err) => {
          if (res.headersSent) res.destroy(err);
          else sendError(res, 502, 'InternalError', `s3rver: ${err.message}`);
        });
        req.on('error', (err) => forwarded.destroy(err));
        req.pipe(forwarded);
      })
      .catch((err: Error) => sendError(res, 500, 'InternalError', err.message));
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: ACCESS_KEY_ID,
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      agent.destroy();
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
