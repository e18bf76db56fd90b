import { createRoute } from '@hono/zod-openapi';
import {
  contactMessageBody,
  contactMessageResponse,
  newsletterBody,
  newsletterResponse,
  trackVisitBody,
} from '../../../contract/marketing';
import { clientIp } from '../../http/client-ip';
import type { AppDeps } from '../../http/context';
import { idempotency } from '../../http/idempotency';
import {
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { contact, marketingLimits, subscribe, trackVisit } from './marketing.service';

const tags = ['Marketing'];

const subscribeRoute = createRoute({
  method: 'post',
  path: '/newsletter',
  tags,
  summary: 'Subscribe an email address to the newsletter',
  description:
    'Public. An address that is already subscribed (in any letter case) answers 200 with `created: false`; ' +
    `it is never an error and never a second row. At most ${marketingLimits.newsletter.max} attempts per client IP per hour.`,
  middleware: [idempotency()] as const,
  request: { headers: idempotencyKeyHeaders, body: jsonBody(newsletterBody) },
  responses: {
    201: jsonResponse(newsletterResponse, 'Subscribed (`created: true`)'),
    200: jsonResponse(newsletterResponse, 'Already subscribed (`created: false`)'),
    ...errors(400, 429),
    ...idempotentResponses,
  },
});

const trackVisitRoute = createRoute({
  method: 'post',
  path: '/track-visit',
  tags,
  summary: 'Record one anonymous landing-page view',
  description:
    'Public and fire-and-forget. Stores the path, the origin of an external referrer and a coarse ' +
    "device/browser class derived from User-Agent (e.g. 'mobile/chrome'); never the IP or the raw User-Agent. " +
    `Above ${marketingLimits.visit.max} views per client IP per minute the view is dropped and the answer is still 204, ` +
    'so a flood fills nothing and learns nothing.',
  request: { body: jsonBody(trackVisitBody) },
  responses: {
    204: { description: 'Accepted (stored, or dropped over the rate limit); no body' },
    ...errors(400),
  },
});

const contactRoute = createRoute({
  method: 'post',
  path: '/contact',
  tags,
  summary: 'Send a message to the NGO Portal team',
  description:
    'Public. The message is stored first; the team notification and the acknowledgement to the sender are ' +
    'mailed after, and a mail failure never fails the request. ' +
    `At most ${marketingLimits.contact.max} messages per client IP per hour.`,
  middleware: [idempotency()] as const,
  request: { headers: idempotencyKeyHeaders, body: jsonBody(contactMessageBody) },
  responses: {
    201: jsonResponse(contactMessageResponse, 'Received'),
    ...errors(400, 429),
    ...idempotentResponses,
  },
});

export function createMarketingRouter(deps: AppDeps) {
  const trustProxy = deps.env.TRUST_PROXY === 'true';
  const ownOrigin = new URL(deps.env.PUBLIC_URL).origin;
  return createRouter()
    .openapi(subscribeRoute, async (c) => {
      const { status, ...body } = await subscribe(c.var.db, c.req.valid('json'), clientIp(c, trustProxy));
      return status === 201 ? c.json(body, 201) : c.json(body, 200);
    })
    .openapi(trackVisitRoute, async (c) => {
      await trackVisit(c.var.db, c.req.valid('json'), {
        ip: clientIp(c, trustProxy),
        userAgent: c.req.header('user-agent'),
        // Only to tell our own pages from external referrers (nothing is linked to it), so unchecked.
        ownOrigins: [ownOrigin, new URL(c.req.url).origin],
      });
      return c.body(null, 204);
    })
    .openapi(contactRoute, async (c) =>
      c.json(
        await contact(
          { db: c.var.db, mail: c.var.mail, logger: deps.logger },
          c.req.valid('json'),
          clientIp(c, trustProxy),
        ),
        201,
      ),
    );
}
