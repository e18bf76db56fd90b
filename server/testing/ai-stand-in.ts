/**
 * A tiny OpenAI-compatible chat-completions server for tests, end-to-end runs and local work without
 * a model: point AI_BASE_URL at `<url>/v1`. Its answers are deterministic Markdown derived from the
 * request, so tests can assert on them, and its modes reproduce the provider failures the AI layer
 * must survive.
 *
 * Standalone: `node --import tsx server/testing/ai-stand-in.ts` listens on PORT (default 11435; 11434
 * is Ollama's) and MODE (default ok). A separate process can switch modes with
 * `POST /__stand-in/mode {"mode":"error"}` and read what it received with `GET /__stand-in/requests`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export const aiStandInModes = [
  'ok',
  /** Answers only after `slowMs`, longer than any test's AI_TIMEOUT_MS. */
  'slow',
  /** 200 with JSON that is not a chat completion. */
  'malformed',
  /** 200 with a body that is not JSON at all. */
  'not-json',
  /** One 500, then back to ok. */
  'fail-once',
  /** One 429, then back to ok. */
  'rate-limit-once',
  /** 500 every time. */
  'error',
] as const;
export type AiStandInMode = (typeof aiStandInModes)[number];

export interface AiStandInRequest {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface AiStandIn {
  /** Origin of the server, e.g. http://127.0.0.1:40123; the API base URL is `${url}/v1`. */
  url: string;
  /** What to set AI_BASE_URL to. */
  baseUrl: string;
  /** Every chat-completions request received, oldest first. */
  requests: AiStandInRequest[];
  setMode(mode: AiStandInMode): void;
  close(): Promise<void>;
}

export interface AiStandInOptions {
  port?: number;
  host?: string;
  mode?: AiStandInMode;
  /** How long 'slow' waits before answering. */
  slowMs?: number;
  /** The model name reported back. */
  model?: string;
}

interface ChatRequestBody {
  model?: unknown;
  messages?: Array<{ role?: unknown; content?: unknown }>;
}

/** `Label: value` from a line of the prompt, as server/routes/blogs/blog-generation.ts writes them. */
const field = (text: string, label: string) =>
  text.match(new RegExp(`^${label}:[ \\t]*(.+)$`, 'mi'))?.[1]?.trim();

/**
 * The deterministic article: '# <title>', then paragraphs that quote the summary (or the prompt) and
 * name every keyword, so a test can check that the request's details reached the model.
 */
export function standInArticle(messages: ChatRequestBody['messages']): string {
  const user = [...(messages ?? [])].reverse().find((m) => m.role === 'user');
  const prompt = typeof user?.content === 'string' ? user.content : '';
  const description = prompt.replace(/^Write a blog post about the following\.\s*/i, '').trim();
  const title = field(prompt, 'Title') ?? description.split(/\s+/).slice(0, 6).join(' ');
  const summary = field(prompt, 'Summary') ?? description;
  const keywords = (field(prompt, 'Keywords') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const tone = field(prompt, 'Tone') ?? 'informative';
  return [
    `# ${title || 'Untitled'}`,
    '',
    `This ${tone} article is about: ${summary}`,
    '',
    '## Why it matters',
    '',
    keywords.length ? `Key ideas: ${keywords.join(', ')}.` : 'Small steps, taken together, change lives.',
    '',
    '## What to do next',
    '',
    '- Talk to the people you serve.',
    '- Measure what changes.',
    '- Share what you learn.',
  ].join('\n');
}

/** Whitespace-separated words: a rough but stable token count. */
const countTokens = (text: string) => text.split(/\s+/).filter(Boolean).length;

export async function startAiStandIn(options: AiStandInOptions = {}): Promise<AiStandIn> {
  let mode: AiStandInMode = options.mode ?? 'ok';
  const slowMs = options.slowMs ?? 5_000;
  const model = options.model ?? 'stand-in-model';
  const requests: AiStandInRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, status: number, body: string, type = 'application/json') => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  const complete = (res: ServerResponse, body: ChatRequestBody) => {
    const content = standInArticle(body.messages);
    const promptTokens = countTokens(
      (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join(' '),
    );
    const completionTokens = countTokens(content);
    send(
      res,
      200,
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: typeof body.model === 'string' && body.model ? body.model : model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      }),
    );
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'POST' && path === '/__stand-in/mode') {
      const next = (JSON.parse(raw || '{}') as { mode?: string }).mode;
      if (!aiStandInModes.includes(next as AiStandInMode)) {
        return send(res, 400, JSON.stringify({ error: `mode must be one of ${aiStandInModes.join(', ')}` }));
      }
      mode = next as AiStandInMode;
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && path === '/__stand-in/requests') {
      return send(res, 200, JSON.stringify(requests));
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return send(res, 404, JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
    }

    let body: ChatRequestBody;
    try {
      body = JSON.parse(raw) as ChatRequestBody;
    } catch {
      return send(res, 400, JSON.stringify({ error: { message: 'the body is not JSON' } }));
    }
    requests.push({ path, authorization: req.headers.authorization, body });

    switch (mode) {
      case 'ok':
        return complete(res, body);
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          complete(res, body);
        }, slowMs);
        pending.add(timer);
        return;
      }
      case 'malformed':
        return send(
          res,
          200,
          JSON.stringify({ id: 'x', object: 'chat.completion', result: 'no choices here' }),
        );
      case 'not-json':
        return send(res, 200, '<html><body>Bad gateway</body></html>', 'text/html');
      case 'fail-once':
        mode = 'ok';
        return send(res, 500, JSON.stringify({ error: { message: 'temporary failure' } }));
      case 'rate-limit-once':
        mode = 'ok';
        return send(res, 429, JSON.stringify({ error: { message: 'slow down' } }));
      case 'error':
        return send(res, 500, JSON.stringify({ error: { message: 'the model is unavailable' } }));
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        pending.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const mode = (process.env.MODE ?? 'ok') as AiStandInMode;
  if (!aiStandInModes.includes(mode)) {
    process.stderr.write(`MODE must be one of: ${aiStandInModes.join(', ')}\n`);
    process.exit(1);
  }
  const standIn = await startAiStandIn({
    port: Number(process.env.PORT ?? 11435),
    host: process.env.HOST ?? '127.0.0.1',
    mode,
  });
  process.stdout.write(
    `AI stand-in listening on ${standIn.url} (mode ${mode}); set AI_BASE_URL=${standIn.baseUrl}\n`,
  );
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
