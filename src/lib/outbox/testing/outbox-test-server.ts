import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  key: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang-up';

/**
 * A real HTTP server for the outbox's tests: the outbox's fetch, headers and body parsing run for
 * real. `reply` decides each answer; 'hang-up' drops the connection (a network error to the client).
 */
export async function startOutboxTestServer(reply: (request: ReceivedRequest) => Reply | Promise<Reply>) {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        key: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as unknown) : null,
      };
      requests.push(request);
      void Promise.resolve(reply(request)).then((answer) => {
        if (answer === 'hang-up') {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
