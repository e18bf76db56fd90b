import http from 'node:http';
import http2 from 'node:http2';
import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// A real listening server: what matters here is what reaches the socket, which app.request() never sees.
let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const fiveMegabytes = Buffer.alloc(5 * 1024 * 1024, 'a');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: unknown;
}

function request(agent: http.Agent, method: string, path: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, socket: req.socket }),
        );
      },
    );
    // Once the answer has come, a reset of the rest of our upload is expected and harmless.
    req.on('error', reject);
    req.end(body);
  });
}

describe('an oversized request body', () => {
  it('gets a complete JSON 413 that closes the connection, and the next request on the same agent succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await request(agent, 'POST', '/api/auth/signin', fiveMegabytes);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        message: 'The request body is too large (1 MB at most).',
        code: 'payload_too_large',
      });
      // The server does not read the rest of the body, so it must not promise to keep the connection.
      expect(refused.headers.connection).toBe('close');

      const next = await request(agent, 'GET', '/api/health');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ status: 'ok' });
      expect(next.socket).not.toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });

  it('reaches a raw socket whole, with Connection: close, and the server swallows the rest of the upload before closing', async () => {
    const socket = connect(port, '127.0.0.1');
    let socketError: Error | undefined;
    socket.on('error', (err) => (socketError = err));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/marketing/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${fiveMegabytes.length}\r\nConnection: keep-alive\r\n\r\n`,
    );
    // Lingering close: the server reads and drops what we still send instead of resetting the
    // connection under us (a reset can destroy the answer before a client on a slow link read it).
    const written = await new Promise<Error | null | undefined>((resolve) =>
      socket.write(fiveMegabytes, resolve),
    );
    expect(written ?? undefined).toBeUndefined();
    socket.end();
    await closed;
    expect(socketError).toBeUndefined();

    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('\r\nconnection: close');
    expect(head.toLowerCase()).not.toContain('keep-alive');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    expect(Buffer.byteLength(body)).toBe(length);
    expect(JSON.parse(body)).toMatchObject({ code: 'payload_too_large' });

    // A new connection is served as usual.
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await request(agent, 'GET', '/api/health')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('closes after a chunked body that grows past the limit too', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth/signin',
            agent,
            headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, socket: req.socket }),
            );
          },
        );
        req.on('error', reject);
        for (let i = 0; i < 5; i++) req.write(fiveMegabytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
        req.end();
      });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
      expect((await request(agent, 'GET', '/api/health')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('keeps the connection for a body within the limit', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const small = Buffer.from(JSON.stringify({ email: 'nobody@example.org', password: 'x' }));
      const first = await request(agent, 'POST', '/api/auth/signin', small);
      expect(first.status).toBe(401);
      expect(first.headers.connection).toBe('keep-alive');
      const next = await request(agent, 'GET', '/api/health');
      expect(next.status).toBe(200);
      expect(next.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  // HTTP/2 forbids connection headers (Node would throw on one) and resets just the stream.
  it('answers over HTTP/2 without a Connection header, and the session carries the next request', async () => {
    const h2 = serve({
      fetch: t.app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      createServer: http2.createServer,
    });
    await new Promise((resolve) => h2.once('listening', resolve));
    const session = http2.connect(`http://127.0.0.1:${(h2.address() as AddressInfo).port}`);
    const send = (path: string, method: string, body?: Buffer) =>
      new Promise<{ status: number; headers: http2.IncomingHttpHeaders; text: string }>((resolve, reject) => {
        const stream = session.request({
          ':path': path,
          ':method': method,
          ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }),
        });
        let headers: http2.IncomingHttpHeaders = {};
        let text = '';
        stream.on('response', (h) => (headers = h));
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => (text += d));
        stream.on('end', () => resolve({ status: Number(headers[':status']), headers, text }));
        stream.on('error', reject);
        stream.end(body);
      });
    try {
      const refused = await send('/api/auth/signin', 'POST', fiveMegabytes.subarray(0, 2 * 1024 * 1024));
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBeUndefined();
      expect(JSON.parse(refused.text)).toMatchObject({ code: 'payload_too_large' });
      expect((await send('/api/health', 'GET')).status).toBe(200);
    } finally {
      session.close();
      await new Promise((resolve) => h2.close(resolve));
    }
  });
});
