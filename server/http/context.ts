import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Logger } from 'pino';
import type { Database, Transaction } from '../db';
import type { Env } from '../env';
import type { Ai } from '../services/ai';
import type { Mailer } from '../services/mailer';
import type { Jwt } from '../services/auth/jwt';

export interface AuthUser {
  id: string;
  ngoId: string;
  role: string;
  name: string;
  email: string;
}

/** What every router is built from; tests build the same thing over an in-memory database. */
export interface AppDeps {
  env: Env;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  jwt: Jwt;
  /** AI completions with usage recording; `configured` is false without AI_BASE_URL (AI routes answer 503). */
  ai: Ai;
  ping: () => Promise<void>;
}

export interface AppBindings {
  Variables: {
    requestId: string;
    user: AuthUser;
    /** The request's transaction when an Idempotency-Key is in play (server/http/idempotency.ts); read it through dbOf(). */
    tx?: Transaction;
  };
}

export type AppRouter = OpenAPIHono<AppBindings>;
