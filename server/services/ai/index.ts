import type { Logger } from 'pino';
import type { DbExecutor } from '../../db';
import { aiUsage } from '../../db/schema';
import type { Env } from '../../env';
import { ApiError } from '../api-error';
import { newId } from '../ids';
import { assertAiAllowance } from '../plan-limits';
import {
  AiProviderError,
  createOpenAiCompatibleProvider,
  type ChatCompletion,
  type ChatMessage,
  type ChatProvider,
} from './openai-compatible';

export { AiProviderError, type ChatCompletion, type ChatMessage } from './openai-compatible';

/** What the tokens are spent on; one value per product feature, as stored in ai_usage.feature. */
export type AiFeature = 'blog-generate' | 'blog-generate-simple';

export interface AiCaller {
  ngoId: string | null;
  userId: string | null;
}

export interface Ai {
  /** False when AI_BASE_URL is unset: every AI route then answers 503. */
  readonly configured: boolean;
  /**
   * One chat completion, recorded in ai_usage against the caller's organisation and the feature.
   * Throws ApiError 503 when no provider is configured, 402 `plan_limit_reached` when the caller's
   * organisation has used its plan's tokens for the month (checked before the provider is called),
   * and 502 when the provider fails. `db` is the request's handle: the allowance is read and the usage
   * written through it.
   */
  complete(
    db: DbExecutor,
    messages: ChatMessage[],
    meta: { feature: AiFeature } & AiCaller,
  ): Promise<ChatCompletion>;
}

export const aiMessages = {
  notConfigured:
    'AI features are not available: no AI provider is configured on this server (set AI_BASE_URL).',
  providerFailed: 'The AI provider did not answer. Please try again.',
} as const;

export function createAi(deps: {
  env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>;
  logger: Logger;
}): Ai {
  const { env, logger } = deps;
  const provider: ChatProvider | null = env.AI_BASE_URL
    ? createOpenAiCompatibleProvider({
        baseUrl: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY,
        model: env.AI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      })
    : null;

  return {
    configured: provider !== null,
    async complete(db, messages, meta) {
      if (!provider) throw new ApiError(503, aiMessages.notConfigured, { code: 'ai_not_configured' });
      // Enforced here rather than per route, so every AI feature spends from the same allowance.
      if (meta.ngoId) await assertAiAllowance(db, meta.ngoId);
      let completion: ChatCompletion;
      try {
        completion = await provider.complete(messages);
      } catch (err) {
        if (!(err instanceof AiProviderError)) throw err;
        // The details (status, body excerpt) are for operators; the user gets one clear sentence.
        logger.warn(
          { ai: { failure: err.failure, status: err.status, detail: err.message }, feature: meta.feature },
          'AI provider call failed',
        );
        throw new ApiError(502, aiMessages.providerFailed, { code: 'ai_provider_failed' });
      }
      try {
        await db.insert(aiUsage).values({
          id: newId(),
          ngoId: meta.ngoId,
          userId: meta.userId,
          feature: meta.feature,
          model: completion.model,
          promptTokens: completion.usage.promptTokens,
          completionTokens: completion.usage.completionTokens,
          totalTokens: completion.usage.totalTokens,
        });
      } catch (err) {
        // The tokens are spent either way; losing the answer as well would only make it worse.
        logger.error({ err, feature: meta.feature, ngoId: meta.ngoId }, 'recording AI usage failed');
      }
      return completion;
    },
  };
}
