import type { z } from 'zod';
import type {
  contactMessageBody,
  ContactMessageResponse,
  newsletterBody,
  NewsletterResponse,
  trackVisitBody,
} from '../../../contract/marketing';
import type { DbExecutor } from '../../db';
import { contactMessages, newsletterSubscribers, siteVisits } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { newId } from '../../services/ids';
import type { MailMessage } from '../../services/mailer';
import { hit, retryAfterWords } from '../../services/rate-limit';

/** The inbox the marketing site publishes (src/config/marketing-content.ts); contact messages go there. */
export const TEAM_ADDRESS = 'info@ngoportal.example';

export const marketingMessages = {
  subscribed: (email: string) => `Thanks for subscribing! We'll send our next update to ${email}.`,
  alreadySubscribed: "You're already subscribed. Thanks for staying with us!",
  contactReceived: (name: string) =>
    `Thanks, ${name}. We've received your message and will reply within two working days.`,
  tooManySubscriptions: (wait: string) => `Too many subscription attempts. Please try again in ${wait}.`,
  tooManyContactMessages: (wait: string) =>
    `You've sent several messages in a short time. Please try again in ${wait}, or email us at ${TEAM_ADDRESS}.`,
} as const;

/** Fixed windows per client IP; each endpoint counts under its own key prefix. */
export const marketingLimits = {
  newsletter: { max: 10, windowSeconds: 60 * 60 },
  visit: { max: 120, windowSeconds: 60 },
  contact: { max: 5, windowSeconds: 60 * 60 },
  // Per recipient, so the form cannot be used to flood someone else's inbox from many IPs.
  contactAck: { max: 3, windowSeconds: 24 * 60 * 60 },
} as const;

const rateKeys = {
  newsletter: (ip: string) => `newsletter:ip:${ip}`,
  visit: (ip: string) => `visit:ip:${ip}`,
  contact: (ip: string) => `contact:ip:${ip}`,
  contactAck: (email: string) => `contact-ack:email:${email}`,
};

const BOT_PATTERN =
  /bot|crawl|spider|slurp|scrap|headless|lighthouse|preview|monitor|curl|wget|python|java\/|go-http|httpclient|okhttp|axios|node-fetch|undici|postman|facebookexternalhit/i;

/**
 * A coarse '<device>/<browser>' class, e.g. 'mobile/chrome', 'desktop/firefox', 'tablet/safari'
 * or 'bot/other'. Enough to see who visits; too coarse to fingerprint anyone. A request without a
 * User-Agent is no browser, so it counts as a bot.
 */
export function classifyUserAgent(userAgent: string | undefined): string {
  // Real User-Agents are a few hundred characters; a longer header only costs regex work.
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua.trim() || BOT_PATTERN.test(ua)) return 'bot/other';

  const device =
    /ipad|tablet|kindle|silk|playbook/i.test(ua) || (/android/i.test(ua) && !/mobile/i.test(ua))
      ? 'tablet'
      : /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(ua)
        ? 'mobile'
        : 'desktop';

  // Order matters: Edge, Opera and Samsung Internet also say Chrome, and Chrome also says Safari.
  const browser = /edg(e|a|ios)?\//i.test(ua)
    ? 'edge'
    : /opr\/|opera|opt\//i.test(ua)
      ? 'opera'
      : /samsungbrowser/i.test(ua)
        ? 'samsung'
        : /firefox\/|fxios\//i.test(ua)
          ? 'firefox'
          : /chrome\/|crios\/|chromium\//i.test(ua)
            ? 'chrome'
            : /safari\//i.test(ua)
              ? 'safari'
              : 'other';

  return `${device}/${browser}`;
}

/**
 * The origin of an external http(s) referrer; null for none, our own pages or anything unparsable.
 * Only the origin is kept: a full referring URL can carry search terms, ids or tokens.
 */
export function externalReferrerOrigin(referrer: string | undefined, ownOrigins: string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return ownOrigins.includes(url.origin) ? null : url.origin;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export type SubscribeResult = NewsletterResponse & { status: 200 | 201 };

/**
 * Every method takes the handle to query through as its first argument: the request's transaction
 * under an Idempotency-Key (server/http/db-of.ts), so its writes commit or roll back with the key.
 */
export function createMarketingHandlers(deps: Pick<AppDeps, 'env' | 'mailer' | 'logger'>) {
  const { env, mailer, logger } = deps;
  const ownOrigin = new URL(env.PUBLIC_URL).origin;

  async function limitOrThrow(
    db: DbExecutor,
    key: string,
    limit: { max: number; windowSeconds: number },
    message: (wait: string) => string,
  ) {
    const result = await hit(db, key, limit.max, limit.windowSeconds);
    if (!result.allowed) {
      throw new ApiError(429, message(retryAfterWords(result.retryAfterSeconds)), {
        code: 'too_many_requests',
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      });
    }
  }

  /** The message is already stored: a mail problem is logged, never turned into an error the sender would retry. */
  async function mailQuietly(contactMessageId: string, send: () => Promise<void>) {
    try {
      await send();
    } catch (err) {
      logger.error({ err, contactMessageId }, 'contact form mail failed');
    }
  }

  return {
    async subscribe(
      db: DbExecutor,
      body: z.output<typeof newsletterBody>,
      ip: string,
    ): Promise<SubscribeResult> {
      await limitOrThrow(
        db,
        rateKeys.newsletter(ip),
        marketingLimits.newsletter,
        marketingMessages.tooManySubscriptions,
      );
      // One statement, no read first: of two simultaneous requests for a new address exactly one
      // inserts, and the other finds the unique index on lower(email) and returns no row.
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ id: newId(), email: body.email })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0
        ? { status: 201, message: marketingMessages.subscribed(body.email), created: true }
        : { status: 200, message: marketingMessages.alreadySubscribed, created: false };
    },

    /** Stores one anonymous page view; over the per-IP limit the view is dropped without a word. */
    async trackVisit(
      db: DbExecutor,
      body: z.output<typeof trackVisitBody>,
      client: { ip: string; userAgent: string | undefined; requestOrigin: string },
    ): Promise<{ stored: boolean }> {
      const { allowed } = await hit(
        db,
        rateKeys.visit(client.ip),
        marketingLimits.visit.max,
        marketingLimits.visit.windowSeconds,
      );
      if (!allowed) return { stored: false };
      await db.insert(siteVisits).values({
        id: newId(),
        url: body.url,
        referrer: externalReferrerOrigin(body.referrer, [ownOrigin, client.requestOrigin]),
        userAgentClass: classifyUserAgent(client.userAgent),
      });
      return { stored: true };
    },

    async contact(
      db: DbExecutor,
      body: z.output<typeof contactMessageBody>,
      ip: string,
    ): Promise<ContactMessageResponse> {
      await limitOrThrow(
        db,
        rateKeys.contact(ip),
        marketingLimits.contact,
        marketingMessages.tooManyContactMessages,
      );
      const id = newId();
      const organisation = body.organisation || null;
      await db.insert(contactMessages).values({
        id,
        name: body.name,
        email: body.email,
        organisation,
        subject: body.subject,
        message: body.message,
      });

      const notification: MailMessage = {
        to: TEAM_ADDRESS,
        // One line, so nothing typed into the form can reach the mail headers.
        subject: `Contact form: ${oneLine(body.subject)}`,
        text: [
          'A new message arrived through the contact form.',
          '',
          `From: ${oneLine(body.name)} <${body.email}>`,
          `Organisation: ${organisation ? oneLine(organisation) : '(not given)'}`,
          `Subject: ${oneLine(body.subject)}`,
          '',
          body.message,
          '',
          `Message id: ${id}`,
        ].join('\n'),
      };
      await mailQuietly(id, () => mailer.send(notification, db));

      await mailQuietly(id, async () => {
        const ack = await hit(
          db,
          rateKeys.contactAck(body.email),
          marketingLimits.contactAck.max,
          marketingLimits.contactAck.windowSeconds,
        );
        if (!ack.allowed) return;
        // Nothing the sender typed is echoed back: anyone can enter any address in the form.
        await mailer.send(
          {
            to: body.email,
            subject: 'We received your message',
            text: 'Hello,\n\nThank you for contacting NGO Portal. We have received your message and will reply within two working days.\n\nIf you did not write to us, you can ignore this email.\n\nThe NGO Portal team',
          },
          db,
        );
      });

      return { message: marketingMessages.contactReceived(body.name) };
    },
  };
}
export type MarketingHandlers = ReturnType<typeof createMarketingHandlers>;
