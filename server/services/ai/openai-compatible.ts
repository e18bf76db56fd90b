/**
 * A client for any OpenAI-compatible chat-completions endpoint: OpenAI itself, a gateway, or a local
 * Ollama / llama.cpp server. Only the common subset of the protocol is used (model + messages in,
 * choices[0].message.content and usage out), so every such server understands it.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Token counts as the provider reports them; null when it reports none (some local servers). */
export interface ChatUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
}

export interface ChatCompletion {
  content: string;
  /** The model that answered, as the provider names it (falls back to the configured one). */
  model: string;
  usage: ChatUsage;
}

export interface ChatProvider {
  readonly model: string;
  complete(messages: ChatMessage[]): Promise<ChatCompletion>;
}

export interface OpenAiCompatibleConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as a bearer token when set; a local server usually needs none. */
  apiKey?: string;
  model: string;
  /** Per attempt: with the one retry a call can take twice this, plus the retry delay. */
  timeoutMs: number;
  /** Pause before the retry. */
  retryDelayMs?: number;
}

export type AiFailure = 'timeout' | 'network' | 'http' | 'malformed';

export class AiProviderError extends Error {
  constructor(
    readonly failure: AiFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }

  /** Worth one more try: the provider may answer next time. A 4xx (bad key, unknown model) will not change. */
  get retryable(): boolean {
    if (this.failure === 'timeout' || this.failure === 'network') return true;
    return this.failure === 'http' && (this.status === 429 || (this.status ?? 0) >= 500);
  }
}

const DEFAULT_RETRY_DELAY_MS = 250;
// Enough of an error body to diagnose a misconfiguration in the log, never enough to flood it.
const LOGGED_BODY_CHARS = 300;

export function createOpenAiCompatibleProvider(config: OpenAiCompatibleConfig): ChatProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const retryDelayMs = config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  async function attempt(messages: ChatMessage[]): Promise<ChatCompletion> {
    // One signal covers the request and reading the body: a server that sends headers and then
    // stalls is a timeout too.
    const signal = AbortSignal.timeout(config.timeoutMs);
    let text: string;
    let status: number;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
        },
        body: JSON.stringify({ model: config.model, messages }),
        signal,
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (signal.aborted) {
        throw new AiProviderError('timeout', `no answer within ${config.timeoutMs} ms`);
      }
      throw new AiProviderError('network', `request failed: ${describe(err)}`);
    }
    if (status < 200 || status > 299) {
      throw new AiProviderError('http', `HTTP ${status}: ${text.slice(0, LOGGED_BODY_CHARS)}`, status);
    }
    return parseCompletion(text, config.model);
  }

  return {
    model: config.model,
    async complete(messages) {
      try {
        return await attempt(messages);
      } catch (err) {
        // Exactly one retry, and only for failures that a second try can cure.
        if (!(err instanceof AiProviderError) || !err.retryable) throw err;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        return attempt(messages);
      }
    },
  };
}

/** The answer's content and usage; anything that is not a chat completion with text is an error. */
export function parseCompletion(text: string, fallbackModel: string): ChatCompletion {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AiProviderError('malformed', `not JSON: ${text.slice(0, LOGGED_BODY_CHARS)}`);
  }
  const record = isRecord(body) ? body : {};
  const choices = Array.isArray(record.choices) ? (record.choices as unknown[]) : [];
  const first = choices[0];
  const message = isRecord(first) && isRecord(first.message) ? first.message : undefined;
  const content = message?.content;
  if (typeof content !== 'string' || !content.trim()) {
    throw new AiProviderError(
      'malformed',
      `no choices[0].message.content: ${text.slice(0, LOGGED_BODY_CHARS)}`,
    );
  }
  const usage = isRecord(record.usage) ? record.usage : {};
  return {
    content,
    model: typeof record.model === 'string' && record.model ? record.model : fallbackModel,
    usage: {
      promptTokens: tokenCount(usage.prompt_tokens),
      completionTokens: tokenCount(usage.completion_tokens),
      totalTokens: tokenCount(usage.total_tokens),
    },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const tokenCount = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2_147_483_647 ? v : null;

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // undici puts the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const cause = (err as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}
