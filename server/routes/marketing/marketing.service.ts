import type { z } from 'zod';
import type {
  contactMessageBody,
  ContactMessageResponse,
  newsletterBody,
  NewsletterResponse,
  trackVisitBody,
} from '../../../contract/marketing';
import type { Logger } from 'pino';
import type { DbExecutor } from '../../db';
import { contactMessages, newsletterSubscribers, siteVisits } from '../../db/schema';
import { newId } from '../../services/ids';
import type { MailMessage, MailQueue } from '../../services/mailer';
import { enforceRateLimits, hit } from '../../services/rate-limit';

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

/*
 * Each flow takes the request's handle (`c.var.db`): under an Idempotency-Key that is the request's
 * transaction, so its writes, its rate-limit hits and its mail commit or roll back with the key.
 */

const limitOrThrow = (
  db: DbExecutor,
  key: string,
  limit: { max: number; windowSeconds: number },
  message: (wait: string) => string,
) => enforceRateLimits(db, [{ key, ...limit }], message);

export async function subscribe(
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
}

/**
 * Stores one anonymous page view; over the per-IP limit the view is dropped without a word. A referrer
 * from `ownOrigins` (the configured address and the one the request came by) is ours, so not stored.
 */
export async function trackVisit(
  db: DbExecutor,
  body: z.output<typeof trackVisitBody>,
  client: { ip: string; userAgent: string | undefined; ownOrigins: string[] },
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
    referrer: externalReferrerOrigin(body.referrer, client.ownOrigins),
    userAgentClass: classifyUserAgent(client.userAgent),
  });
  return { stored: true };
}

/** What the contact flow needs besides the handle: the request's mail queue, and a logger for mail trouble. */
export interface ContactDeps {
  db: DbExecutor;
  mail: MailQueue;
  logger: Logger;
}

/** The message is already stored: a mail problem is logged, never turned into an error the sender would retry. */
async function mailQuietly(logger: Logger, contactMessageId: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (err) {
    logger.error({ err, contactMessageId }, 'contact form mail failed');
  }
}

export async function contact(
  d: ContactDeps,
  body: z.output<typeof contactMessageBody>,
  ip: string,
): Promise<ContactMessageResponse> {
  const { db, mail, logger } = d;
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
  await mailQuietly(logger, id, () => mail.queue(db, notification));

  await mailQuietly(logger, id, async () => {
    const ack = await hit(
      db,
      rateKeys.contactAck(body.email),
      marketingLimits.contactAck.max,
      marketingLimits.contactAck.windowSeconds,
    );
    if (!ack.allowed) return;
    // Nothing the sender typed is echoed back: anyone can enter any address in the form.
    await mail.queue(db, {
      to: body.email,
      subject: 'We received your message',
      text: 'Hello,\n\nThank you for contacting NGO Portal. We have received your message and will reply within two working days.\n\nIf you did not write to us, you can ignore this email.\n\nThe NGO Portal team',
    });
  });

  return { message: marketingMessages.contactReceived(body.name) };
}
