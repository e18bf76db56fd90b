import type { Logger } from 'pino';
import type { Database } from '../../db';
import type { Env } from '../../env';
import type { JobQueue } from '../queue/job-queue';
import { startCampaignWorker, type CampaignWorkerOptions } from './campaign-worker';
import { createOutboxEmailProvider } from './outbox-email-provider';
import { smsProviderFromEnv } from './sms-africastalking';
import { createSmtpProvider } from './smtp-provider';

/**
 * The campaign worker with the providers the environment names: SMTP when SMTP_URL is set, else the
 * mail outbox; Africa's Talking when its username and key are set, else no SMS. server/index.ts and
 * the test processes start it the same way.
 */
export function startCampaignWorkerFromEnv(
  env: Env,
  deps: { db: Database; queue: JobQueue; logger: Logger },
  overrides: Partial<CampaignWorkerOptions> = {},
) {
  const email = env.SMTP_URL
    ? createSmtpProvider({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger: deps.logger })
    : createOutboxEmailProvider({ db: deps.db, logger: deps.logger });
  const sms = smsProviderFromEnv({
    AFRICASTALKING_USERNAME: env.AFRICASTALKING_USERNAME,
    AFRICASTALKING_API_KEY: env.AFRICASTALKING_API_KEY,
    AFRICASTALKING_SENDER_ID: env.AFRICASTALKING_SENDER_ID,
    AFRICASTALKING_BASE_URL: env.AFRICASTALKING_BASE_URL,
  });
  return startCampaignWorker({
    ...deps,
    email,
    sms,
    appUrl: env.PUBLIC_URL,
    secret: env.JWT_SECRET,
    rates: { email: env.MAIL_RATE_PER_SECOND, sms: env.SMS_RATE_PER_SECOND },
    ...overrides,
  });
}
