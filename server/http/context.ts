import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Logger } from 'pino';
import type { Database, DbExecutor } from '../db';
import type { Env } from '../env';
import type { Ai } from '../services/ai';
import type { Tenant } from '../services/auth/tenant-scope';
import type { Mailer, MailQueue } from '../services/mailer';
import type { Jwt } from '../services/auth/jwt';
import type { FileStorage } from '../services/storage/file-storage';
import type { PushSender } from '../services/push/push-sender';
import type { JobQueue } from '../services/queue/job-queue';
import type { UploadsDeps } from '../services/storage/upload-store';

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
  /** The pool. Route handlers never use it: they query through `c.var.db` (server/http/request-db.ts). */
  db: Database;
  logger: Logger;
  mailer: Mailer;
  jwt: Jwt;
  /** AI completions with usage recording; `configured` is false without AI_BASE_URL (AI routes answer 503). */
  ai: Ai;
  /** Where the bytes of users' files live: the local disk or an S3-compatible bucket (ADR 0029). */
  storage: FileStorage;
  /**
   * Resumable uploads' tus store and cross-process locker (ADR 0031). index.ts passes them (its purge
   * shares the locker); without them the app makes its own from env and the database on first use.
   */
  uploads?: UploadsDeps;
  ping: () => Promise<void>;
  /** Web Push (services/push/): createApp makes it from env's VAPID keys when not given. */
  push?: PushSender;
  /**
   * Durable jobs (services/queue/, ADR 0048), started by index.ts after the migrations. A route sends
   * through the request's handle (`{ db: c.var.db }`), so its jobs commit with its writes. In tests it
   * is there but not started unless the test asks (`createTestApp(env, { startQueue: true })`).
   */
  queue?: JobQueue;
}

export interface AppBindings {
  Variables: {
    requestId: string;
    user: AuthUser;
    /** The caller's tenant scope (services/auth/tenant-scope.ts); set with `user` by requireAuth. */
    tenant: Tenant;
    /**
     * The request's database handle, always set (server/http/request-db.ts): the request's transaction
     * when the route is transactional (an Idempotency-Key), else the pool. Query only through it.
     */
    db: DbExecutor;
    /** The request's mail: queue through `c.var.db`'s transaction; delivered after it commits. */
    mail: MailQueue;
    /** Runs `task` once the request's transaction has ended (server/http/request-db.ts), not awaited. */
    afterTransaction: (task: () => Promise<unknown>) => void;
  };
}

export type AppRouter = OpenAPIHono<AppBindings>;
