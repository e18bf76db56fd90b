import { createRoute } from '@hono/zod-openapi';
import {
  contactMessageBody,
  contactMessageResponse,
  newsletterBody,
  newsletterResponse,
  trackVisitBody,
} from '../../../contract/marketing';
import { clientIp } from '../../http/client-ip';
import type { MiddlewareHandler } from 'hono';
import type { AppBindings, AppDeps } from '../../http/context';
import { dbOf } from '../../http/db-of';
import { idempotency } from '../../http/idempotency';
import {
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { createMarketingHandlers, marketingLimits } from './marketing.service';

const tags = ['Marketing'];

// Built per router: the idempotency middleware needs the router's database.
const subscribe = (idempotent: MiddlewareHandler<AppBindings>) =>
  createRoute({
    method: 'post',
    path: '/newsletter',
    tags,
    summary: 'Subscribe an email address to the newsletter',
    description:
      'Public. An address that is already subscribed (in any letter case) answers 200 with `created: false`; ' +
      `it is never an error and never a second row. At most ${marketingLimits.newsletter.max} attempts per client IP per hour.`,
    middleware: [idempotent] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(newsletterBody) },
    responses: {
      201: jsonResponse(newsletterResponse, 'Subscribed (`created: true`)'),
      200: jsonResponse(newsletterResponse, 'Already subscribed (`created: false`)'),
      ...errors(400, 429),
      ...idempotentResponses,
    },
  });

const trackVisit = createRoute({
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

const contact = (idempotent: MiddlewareHandler<AppBindings>) =>
  createRoute({
    method: 'post',
    path: '/contact',
    tags,
    summary: 'Send a message to the NGO Portal team',
    description:
      'Public. The message is stored first; the team notification and the acknowledgement to the sender are ' +
      'mailed after, and a mail failure never fails the request. ' +
      `At most ${marketingLimits.contact.max} messages per client IP per hour.`,
    middleware: [idempotent] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(contactMessageBody) },
    responses: {
      201: jsonResponse(contactMessageResponse, 'Received'),
      ...errors(400, 429),
      ...idempotentResponses,
    },
  });

export function createMarketingRouter(deps: AppDeps) {
  const handlers = createMarketingHandlers(deps);
  const trustProxy = deps.env.TRUST_PROXY === 'true';
  return createRouter()
    .openapi(subscribe(idempotency(deps)), async (c) => {
      const { status, ...body } = await handlers.subscribe(
        dbOf(c, deps.db),
        c.req.valid('json'),
        clientIp(c, trustProxy),
      );
      return status === 201 ? c.json(body, 201) : c.json(body, 200);
    })
    .openapi(trackVisit, async (c) => {
      await handlers.trackVisit(dbOf(c, deps.db), c.req.valid('json'), {
        ip: clientIp(c, trustProxy),
        userAgent: c.req.header('user-agent'),
        requestOrigin: new URL(c.req.url).origin,
      });
      return c.body(null, 204);
    })
    .openapi(contact(idempotency(deps)), async (c) =>
      c.json(await handlers.contact(dbOf(c, deps.db), c.req.valid('json'), clientIp(c, trustProxy)), 201),
    );
}
