import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiStandIn, type AiStandIn } from '../../testing/ai-stand-in';
import {
  AiProviderError,
  createOpenAiCompatibleProvider,
  parseCompletion,
  type ChatMessage,
} from './openai-compatible';

let standIn: AiStandIn;
const SLOW_MS = 3_000;

beforeAll(async () => {
  standIn = await startAiStandIn({ slowMs: SLOW_MS });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.setMode('ok');
  standIn.requests.length = 0;
});

const messages: ChatMessage[] = [
  { role: 'system', content: 'You write blog posts.' },
  { role: 'user', content: 'Title: Clean Water\nSummary: Wells for schools\nKeywords: water, schools' },
];

const provider = (overrides: Partial<Parameters<typeof createOpenAiCompatibleProvider>[0]> = {}) =>
  createOpenAiCompatibleProvider({
    baseUrl: standIn.baseUrl,
    model: 'test-model',
    timeoutMs: 1_000,
    retryDelayMs: 10,
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<AiProviderError> {
  const err = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(err instanceof AiProviderError)) throw err;
  return err;
}

describe('OpenAI-compatible provider', () => {
  it('posts model and messages to <base>/chat/completions and reads content, model and usage', async () => {
    const result = await provider().complete(messages);
    expect(result.content).toMatch(/^# Clean Water\n/);
    expect(result.content).toContain('Wells for schools');
    expect(result.content).toContain('Key ideas: water, schools.');
    expect(result.model).toBe('test-model');
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    expect(result.usage.completionTokens).toBeGreaterThan(0);
    expect(result.usage.totalTokens).toBe(
      (result.usage.promptTokens ?? 0) + (result.usage.completionTokens ?? 0),
    );
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]).toEqual({
      path: '/v1/chat/completions',
      authorization: undefined,
      body: { model: 'test-model', messages },
    });
  });

  it('sends the API key as a bearer token only when one is set, and tolerates a trailing slash', async () => {
    await provider({ apiKey: 'sk-test-123', baseUrl: `${standIn.baseUrl}/` }).complete(messages);
    expect(standIn.requests[0]?.authorization).toBe('Bearer sk-test-123');
  });

  it('retries once after a 500 and succeeds', async () => {
    standIn.setMode('fail-once');
    const result = await provider().complete(messages);
    expect(result.content).toContain('Clean Water');
    expect(standIn.requests).toHaveLength(2);
  });

  it('retries once after a 429 and succeeds', async () => {
    standIn.setMode('rate-limit-once');
    await provider().complete(messages);
    expect(standIn.requests).toHaveLength(2);
  });

  it('gives up after exactly one retry when the provider keeps failing', async () => {
    standIn.setMode('error');
    const err = await failure(provider().complete(messages));
    expect(err.failure).toBe('http');
    expect(err.status).toBe(500);
    expect(err.message).toContain('the model is unavailable');
    expect(standIn.requests).toHaveLength(2);
  });

  it('times out each attempt after timeoutMs, retries once, then fails', async () => {
    standIn.setMode('slow');
    const started = Date.now();
    const err = await failure(provider({ timeoutMs: 200 }).complete(messages));
    expect(err.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expect(standIn.requests).toHaveLength(2);
  });

  it('treats a 200 that is not a chat completion as an error, without retrying', async () => {
    standIn.setMode('malformed');
    const err = await failure(provider().complete(messages));
    expect(err.failure).toBe('malformed');
    expect(standIn.requests).toHaveLength(1);

    standIn.setMode('not-json');
    standIn.requests.length = 0;
    expect((await failure(provider().complete(messages))).failure).toBe('malformed');
    expect(standIn.requests).toHaveLength(1);
  });

  it('does not retry a 4xx such as a wrong path or a bad key', async () => {
    const err = await failure(provider({ baseUrl: `${standIn.url}/wrong` }).complete(messages));
    expect(err.failure).toBe('http');
    expect(err.status).toBe(404);
    expect(err.retryable).toBe(false);
  });

  it('reports a network failure when nothing listens, after one retry', async () => {
    const gone = await startAiStandIn();
    await gone.close();
    const err = await failure(provider({ baseUrl: gone.baseUrl }).complete(messages));
    expect(err.failure).toBe('network');
    expect(err.retryable).toBe(true);
  });
});

describe('parseCompletion', () => {
  const answer = (extra: Record<string, unknown>) =>
    JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: '## Hi' } }], ...extra });

  it('keeps null usage when the provider reports none, and the configured model when it names none', () => {
    expect(parseCompletion(answer({}), 'fallback')).toEqual({
      content: '## Hi',
      model: 'fallback',
      usage: { promptTokens: null, completionTokens: null, totalTokens: null },
    });
    expect(
      parseCompletion(
        answer({ model: 'm', usage: { prompt_tokens: 3, completion_tokens: 'x', total_tokens: -1 } }),
        'f',
      ),
    ).toMatchObject({ model: 'm', usage: { promptTokens: 3, completionTokens: null, totalTokens: null } });
  });

  it.each([
    ['an empty body', ''],
    ['no choices', '{"choices":[]}'],
    ['a null content', '{"choices":[{"message":{"content":null}}]}'],
    ['a blank content', '{"choices":[{"message":{"content":"  "}}]}'],
    ['an array', '[1,2]'],
  ])('refuses %s', (_label, text) => {
    expect(() => parseCompletion(text, 'm')).toThrow(AiProviderError);
  });
});
