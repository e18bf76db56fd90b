import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox, newsletterSubscribers, siteVisits } from '../../db/schema';
import { createApp } from '../../app';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createUserPerRole } from '../../testing/users';
import { classifyUserAgent, externalReferrerOrigin, TEAM_ADDRESS } from './marketing.service';

let t: TestApp;
let seq = 0;
/** A fresh address per test, so tests never share subscribers or mail. */
const freshEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.org`;

beforeAll(async () => {
  // Every test below comes from its own client IP, so rate-limit counters never leak between tests.
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let testIp = 0;
beforeEach(() => {
  testIp++;
});
const ipOf = (n: number) => `203.0.113.${n}`;
const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', `/api/marketing${path}`, body, undefined, {
    'x-forwarded-for': ipOf(testIp),
    ...headers,
  });

const subscribersFor = (email: string) =>
  t.db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.trim().toLowerCase()}`);

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('POST /api/marketing/newsletter', () => {
  it('subscribes a new address: 201, created true, one row from the landing page', async () => {
    const email = freshEmail('news');
    const res = await post('/newsletter', { email });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: `Thanks for subscribing! We'll send our next update to ${email}.`,
      created: true,
    });
    const rows = await subscribersFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, source: 'landing' });
    expect(rows[0]?.id).not.toContain('-');
  });

  it('answers 200 created false for an address already subscribed in another case or with spaces, and stores nothing new', async () => {
    const email = freshEmail('again');
    expect((await post('/newsletter', { email })).status).toBe(201);
    const res = await post('/newsletter', { email: `  ${email.toUpperCase()}  ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "You're already subscribed. Thanks for staying with us!",
      created: false,
    });
    expect(await subscribersFor(email)).toHaveLength(1);
  });

  it('stores exactly one row when the same new address subscribes several times at once', async () => {
    const email = freshEmail('race');
    const results = await Promise.all(
      [email, email.toUpperCase(), email, ` ${email}`].map((e) => post('/newsletter', { email: e })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(results.filter((r) => r.body.created === true)).toHaveLength(1);
    expect(await subscribersFor(email)).toHaveLength(1);
  });

  it('refuses a bad or missing email with 400 and a field message', async () => {
    const bad = await post('/newsletter', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'validation_failed',
      fields: { email: 'Enter a valid email address.' },
    });

    const empty = await post('/newsletter', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation_failed', fields: { email: 'Email is required.' } });

    const blank = await post('/newsletter', { email: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ email: 'Email is required.' });
  });

  it('allows 10 attempts per IP per hour, then 429 with Retry-After; other IPs are unaffected', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post('/newsletter', { email: freshEmail('limit') })).status).toBe(201);
    }
    const email = freshEmail('limited');
    const res = await post('/newsletter', { email });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'too_many_requests' });
    expect(res.body.message).toMatch(/^Too many subscription attempts\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await subscribersFor(email)).toHaveLength(0);

    const other = await post('/newsletter', { email }, { 'x-forwarded-for': '198.51.100.200' });
    expect(other.status).toBe(201);
  });
});

describe('POST /api/marketing/track-visit', () => {
  it('answers 204 with no body and stores the path, a coarse UA class and an external referrer as its origin only', async () => {
    const url = `/?utm_source=test&n=${++seq}`;
    const res = await post(
      '/track-visit',
      { url, referrer: 'https://www.google.com/search?q=ngo+grants&client=private' },
      { 'user-agent': ANDROID_CHROME },
    );
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();

    const rows = await t.db.select().from(siteVisits).where(eq(siteVisits.url, url));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ url, referrer: 'https://www.google.com', userAgentClass: 'mobile/chrome' });
    expect(Object.keys(row ?? {}).sort()).toEqual(['id', 'referrer', 'url', 'userAgentClass', 'visitedAt']);
    // Nothing identifying anywhere in the row: not the IP, not the raw User-Agent, not the search terms.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ipOf(testIp));
    expect(stored).not.toContain('Pixel');
    expect(stored).not.toContain('Mozilla');
    expect(stored).not.toContain('ngo+grants');

    const [rawRow] = (
      await t.db.execute<Record<string, unknown>>(sql`select * from site_visits where url = ${url}`)
    ).rows;
    expect(Object.keys(rawRow ?? {}).sort()).toEqual([
      'id',
      'referrer',
      'url',
      'user_agent_class',
      'visited_at',
    ]);
  });

  it('keeps no referrer for our own pages, a missing or empty one, or one that is not an http(s) URL', async () => {
    const cases = [
      { referrer: 'http://localhost:3000/grants?search=water' },
      { referrer: 'http://localhost/blogs' },
      {},
      { referrer: '' },
      { referrer: 'not a url' },
      { referrer: 'javascript:alert(1)' },
    ];
    for (const [i, extra] of cases.entries()) {
      const url = `/internal-${++seq}-${i}`;
      expect((await post('/track-visit', { url, ...extra }, { 'user-agent': WINDOWS_FIREFOX })).status).toBe(
        204,
      );
      const [row] = await t.db.select().from(siteVisits).where(eq(siteVisits.url, url));
      expect(row).toMatchObject({ referrer: null, userAgentClass: 'desktop/firefox' });
    }
  });

  it('refuses a url that is not a path plus query with 400', async () => {
    for (const url of ['http://evil', '', '//x', `/${'a'.repeat(2999)}`, 'grants']) {
      const res = await post('/track-visit', { url });
      expect(res.status, url.slice(0, 20)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', fields: { url: expect.any(String) } });
    }
    const missing = await post('/track-visit', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('url');
  });

  it('stores at most 120 views per IP per minute and still answers 204 to the rest', async () => {
    const url = `/flood-${++seq}`;
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await post('/track-visit', { url })).status);
    expect(new Set(statuses)).toEqual(new Set([204]));
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteVisits)
      .where(eq(siteVisits.url, url));
    expect(Number(row?.n)).toBe(120);

    // Another visitor is still counted.
    const other = await post('/track-visit', { url }, { 'x-forwarded-for': '198.51.100.201' });
    expect(other.status).toBe(204);
    const [after] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteVisits)
      .where(eq(siteVisits.url, url));
    expect(Number(after?.n)).toBe(121);
  });

  it('classifies User-Agents coarsely', () => {
    expect(classifyUserAgent(ANDROID_CHROME)).toBe('mobile/chrome');
    expect(classifyUserAgent(IPAD_SAFARI)).toBe('tablet/safari');
    expect(classifyUserAgent(WINDOWS_FIREFOX)).toBe('desktop/firefox');
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('mobile/safari');
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('desktop/edge');
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
      ),
    ).toBe('tablet/samsung');
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('desktop/chrome');
    expect(
      classifyUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe('bot/other');
    expect(classifyUserAgent('curl/8.5.0')).toBe('bot/other');
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('bot/other');
    expect(classifyUserAgent(undefined)).toBe('bot/other');
    expect(classifyUserAgent('')).toBe('bot/other');
    expect(classifyUserAgent('SomethingElse/1.0')).toBe('desktop/other');
  });

  it('reduces a referrer to its origin, dropping credentials, path, query and fragment', () => {
    const own = ['https://ngoportal.example'];
    expect(externalReferrerOrigin('https://user:pw@news.example.org:8443/a/b?token=x#y', own)).toBe(
      'https://news.example.org:8443',
    );
    expect(externalReferrerOrigin('https://ngoportal.example/pricing', own)).toBeNull();
    expect(externalReferrerOrigin('ftp://files.example.org/x', own)).toBeNull();
    expect(externalReferrerOrigin(undefined, own)).toBeNull();
  });
});

describe('POST /api/marketing/contact', () => {
  const message = (email: string, extra: Record<string, unknown> = {}) => ({
    name: 'Grace Hopper',
    email,
    subject: 'Partnership enquiry',
    message: 'We would like to use NGO Portal for our volunteers.',
    ...extra,
  });

  it('stores the message, answers 201 and queues a team notification and an acknowledgement', async () => {
    const email = freshEmail('contact');
    const res = await post(
      '/contact',
      message(`  ${email.toUpperCase()} `, {
        organisation: '  Helping Hands  ',
        subject: 'Partnership\r\nBcc: victim@example.org',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: "Thanks, Grace Hopper. We've received your message and will reply within two working days.",
    });

    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Grace Hopper',
      email,
      organisation: 'Helping Hands',
      subject: 'Partnership\r\nBcc: victim@example.org',
      message: 'We would like to use NGO Portal for our volunteers.',
      handledAt: null,
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    const id = rows[0]?.id ?? '';

    const team = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, TEAM_ADDRESS))).filter((m) =>
      m.text.includes(id),
    );
    expect(team).toHaveLength(1);
    // Typed line breaks never reach the mail headers.
    expect(team[0]?.subject).toBe('Contact form: Partnership Bcc: victim@example.org');
    expect(team[0]?.text).toContain(`From: Grace Hopper <${email}>`);
    expect(team[0]?.text).toContain('Organisation: Helping Hands');
    expect(team[0]?.text).toContain('We would like to use NGO Portal for our volunteers.');

    const acks = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(acks).toHaveLength(1);
    expect(acks[0]?.subject).toBe('We received your message');
    expect(acks[0]?.text).toContain('within two working days');
    expect(acks[0]?.text).not.toContain('volunteers');
  });

  it('stores a missing or blank organisation as null', async () => {
    for (const extra of [{}, { organisation: '   ' }]) {
      const email = freshEmail('noorg');
      expect((await post('/contact', message(email, extra))).status).toBe(201);
      const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(row?.organisation).toBeNull();
    }
  });

  it('refuses missing or bad fields with 400 and a message per field, storing nothing', async () => {
    const empty = await post('/contact', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      message: 'Some fields are invalid.',
      code: 'validation_failed',
      fields: {
        name: 'Name is required.',
        email: 'Email is required.',
        subject: 'Subject is required.',
        message: 'Message is required.',
      },
    });

    const email = freshEmail('bad');
    const bad = await post('/contact', {
      name: '  ',
      email: 'nope',
      subject: 'Hi',
      message: 'too short',
      organisation: 'x'.repeat(161),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: 'Name is required.',
      email: 'Enter a valid email address.',
      subject: 'Subject is required.',
      message: 'Please write at least 10 characters.',
      organisation: 'Organisation is too long.',
    });

    const long = await post('/contact', message(email, { message: 'x'.repeat(5001) }));
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ message: 'Message is too long (5000 characters at most).' });
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(0);
  });

  it('allows 5 messages per IP per hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post('/contact', message(freshEmail('limit')))).status).toBe(201);
    }
    const email = freshEmail('limited');
    const res = await post('/contact', message(email));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'too_many_requests' });
    expect(res.body.message).toMatch(
      /^You've sent several messages in a short time\. Please try again in \d+ minutes?, or email us at info@ngoportal\.example\.$/,
    );
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(0);
  });

  it('sends one address at most 3 acknowledgements a day, whichever IPs the messages come from', async () => {
    const email = freshEmail('victim');
    for (let i = 0; i < 5; i++) {
      const res = await post('/contact', message(email), { 'x-forwarded-for': `198.51.100.${210 + i}` });
      expect(res.status).toBe(201);
    }
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(5);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(3);
  });

  it('keeps the message and answers 201 when the mailer fails', async () => {
    // Queueing the mail fails outright (the outbox write itself), not only the later delivery.
    const app = createApp({
      env: t.env,
      db: t.db,
      jwt: t.jwt,
      ai: t.ai,
      storage: t.storage,
      logger: pino({ level: 'silent' }),
      ping: async () => {},
      mailer: {
        newQueue: () => ({
          queue: async () => {
            throw new Error('outbox unavailable');
          },
          deliver: async () => {},
        }),
        deliverDue: async () => 0,
      },
    });
    const email = freshEmail('mailfail');
    const res = await app.request('/api/marketing/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ipOf(testIp) },
      body: JSON.stringify(message(email)),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      message: "Thanks, Grace Hopper. We've received your message and will reply within two working days.",
    });
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
  });
});

describe('who may call them', () => {
  it('answers a visitor and every role of one NGO and another NGO alike, never 401 or 403: the routes are public, and a session changes nothing', async () => {
    const members = [
      ...Object.values(await createUserPerRole(t, await createTestNgo(t, 'Marketing NGO'))),
      ...Object.values(await createUserPerRole(t, await createTestNgo(t, 'Another Marketing NGO'))),
    ];
    for (const caller of [undefined, ...members]) {
      const who = caller?.role ?? 'visitor';
      const email = freshEmail(`matrix-${who}`);
      testIp++;
      const subscribed = await call(t.app, 'POST', '/api/marketing/newsletter', { email }, caller?.token, {
        'x-forwarded-for': ipOf(testIp),
      });
      expect(subscribed.status, who).toBe(201);
      const visit = await call(
        t.app,
        'POST',
        '/api/marketing/track-visit',
        { url: '/pricing' },
        caller?.token,
        {
          'x-forwarded-for': ipOf(testIp),
        },
      );
      expect(visit.status, who).toBe(204);
      // Kept once, as a visitor's address is: the platform's list, not any NGO's.
      expect(
        (await subscribersFor(email)).map((r) => r.source),
        who,
      ).toEqual(['landing']);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the three marketing routes without a security requirement', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const doc = res.body as unknown as {
      paths: Record<string, { post?: { security?: unknown; responses: Record<string, unknown> } }>;
    };
    for (const [path, ok] of [
      ['/api/marketing/newsletter', '201'],
      ['/api/marketing/track-visit', '204'],
      ['/api/marketing/contact', '201'],
    ] as const) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(op?.security).toBeUndefined();
      expect(Object.keys(op?.responses ?? {})).toContain(ok);
    }
  });
});
