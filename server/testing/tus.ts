import type { TestApp } from './test-app';

/*
 * A tus 1.0.0 client in a few lines, over app.request() (or any fetch), as tus-js-client speaks it.
 */

type Fetcher = (path: string, init: RequestInit) => Promise<Response> | Response;

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

export const tusHeaders = (token: string | undefined, extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  ...(token && { authorization: `Bearer ${token}` }),
  ...extra,
});

export function tusClient(fetcher: Fetcher | TestApp) {
  const send: Fetcher = 'app' in fetcher ? (path, init) => fetcher.app.request(path, init) : fetcher;
  return {
    /**
     * POST /api/uploads; `metadata` values are base64-encoded as tus wants (null: a bare key). `body`:
     * a first chunk in the creation request (send its content type in `extra`).
     */
    create(
      token: string | undefined,
      length: number | null,
      metadata: Record<string, string | null> = {},
      extra: Record<string, string> = {},
      body?: Uint8Array,
    ) {
      const pairs = Object.entries(metadata).map(([k, v]) => (v === null ? k : `${k} ${base64(v)}`));
      return send('/api/uploads', {
        method: 'POST',
        headers: tusHeaders(token, {
          ...(length !== null && { 'upload-length': String(length) }),
          ...(pairs.length && { 'upload-metadata': pairs.join(',') }),
          ...(body && { 'content-length': String(body.length) }),
          ...extra,
        }),
        ...(body && { body: body as Uint8Array<ArrayBuffer> }),
      });
    },
    /**
     * PATCH a chunk at `offset`. The body may be a stream that fails halfway (a cut connection); it is
     * then sent with the Content-Length `declared`.
     */
    patch(
      token: string | undefined,
      location: string,
      offset: number,
      body: Uint8Array | ReadableStream<Uint8Array>,
      extra: Record<string, string> = {},
      declared?: number,
    ) {
      return send(location, {
        method: 'PATCH',
        headers: tusHeaders(token, {
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(body instanceof Uint8Array ? body.length : (declared ?? 0)),
          ...extra,
        }),
        body,
        ...(!(body instanceof Uint8Array) && { duplex: 'half' }),
      } as RequestInit);
    },
    head(token: string | undefined, location: string) {
      return send(location, { method: 'HEAD', headers: tusHeaders(token) });
    },
    remove(token: string | undefined, location: string) {
      return send(location, { method: 'DELETE', headers: tusHeaders(token) });
    },
  };
}

/** The offset a HEAD reports, as a number (NaN when absent). */
export const offsetOf = (res: Response) => Number(res.headers.get('upload-offset'));
