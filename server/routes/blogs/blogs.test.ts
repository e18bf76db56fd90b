import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blog, generatedBlog, generatedSimpleBlog } from '../../../contract/blogs';
import { aiUsage, blogs, ngoSubscriptions } from '../../db/schema';
import { newId } from '../../services/ids';
import { startAiStandIn, type AiStandIn } from '../../testing/ai-stand-in';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import {
  createTestNgo,
  createTestUser,
  createUserPerRole,
  rolesBelowSuperAdmin,
  type TestUser,
} from '../../testing/users';
import { splitGeneratedMarkdown } from './blog-generation';

let t: TestApp;
let standIn: AiStandIn;
let ngoId: string;
let users: Record<string, TestUser>;
const superToken = () => users.SUPER_ADMIN!.token;

const fx = {
  habits: {
    id: newId(),
    title: 'Five Habits of Grant Winners',
    category: 'Grant Writing',
    summary: 'What strong teams do between deadlines.',
    content: '## Pipeline\n\nKeep a **funding pipeline** of upcoming calls.',
    author: 'Nadia Uwase',
    postDate: '2025-03-10',
    createdAt: new Date('2025-03-10T08:00:00.000Z'),
    tone: 'informative',
    keywords: 'grants, proposals',
  },
  impact: {
    id: newId(),
    title: 'measuring Impact Without a Data Team',
    category: ' grant writing ',
    summary: 'Monitoring for small teams.',
    content: 'Three indicators are enough for most volunteers.',
    author: 'Amani Okello',
    postDate: '2025-03-10',
    createdAt: new Date('2025-03-10T09:00:00.000Z'),
  },
  giving: {
    id: newId(),
    title: 'Giving Day Campaigns',
    category: 'Fundraising',
    summary: 'One day, a lot of energy.',
    content: 'Set a target and thank donors.',
    author: 'NGO Portal AI Assistant',
    postDate: '2025-02-01',
    createdAt: new Date('2025-02-01T10:00:00.000Z'),
    source: 'generated',
    generatedAt: new Date('2025-02-01T09:30:00.000Z'),
    tone: 'casual',
    keywords: 'giving day, donors',
    imageUrl: 'https://images.example.org/giving.png',
  },
  zebra: {
    id: newId(),
    title: 'Zebra Crossings Near Schools',
    category: 'Community',
    summary: 'Road safety.',
    content: 'Volunteers restored the watershed path.',
    author: 'Chris Mwangi',
    postDate: '2025-01-05',
    createdAt: new Date('2025-01-06T10:00:00.000Z'),
  },
} satisfies Record<string, typeof blogs.$inferInsert & { id: string }>;
type Key = keyof typeof fx;
const ids = (...keys: Key[]) => keys.map((k) => fx[k].id);
const idsOf = (body: unknown) => (body as Array<{ id: string }>).map((b) => b.id);
const isFixture = (id: string) => Object.values(fx).some((b) => b.id === id);
/** Only the fixtures: posts saved by the write tests below do not disturb the listing assertions. */
const fixtureIdsOf = (body: unknown) => idsOf(body).filter(isFixture);

const list = (query = '', headers: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/blogs${query}`, undefined, undefined, headers);

beforeAll(async () => {
  standIn = await startAiStandIn({ slowMs: 3_000 });
  // A short timeout so the slow-provider test fails fast.
  t = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_TIMEOUT_MS: '400' });
  ngoId = await createTestNgo(t);
  users = await createUserPerRole(t, ngoId);
  await t.db.insert(blogs).values(Object.values(fx));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('GET /api/blogs', () => {
  it('lists every post with all spec fields, newest post date first, same-day posts by creation time', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(fixtureIdsOf(res.body)).toEqual(ids('impact', 'habits', 'giving', 'zebra'));
    for (const item of res.body as unknown[]) expect(blog.strict().safeParse(item).success).toBe(true);
    const giving = (res.body as Array<{ id: string }>).find((b) => b.id === fx.giving.id);
    expect(giving).toEqual({
      id: fx.giving.id,
      title: 'Giving Day Campaigns',
      category: 'Fundraising',
      summary: 'One day, a lot of energy.',
      content: 'Set a target and thank donors.',
      imageUrl: 'https://images.example.org/giving.png',
      author: 'NGO Portal AI Assistant',
      postDate: '2025-02-01',
      source: 'generated',
      createdAt: '2025-02-01T10:00:00.000Z',
      generatedAt: '2025-02-01T09:30:00.000Z',
      tone: 'casual',
      keywords: 'giving day, donors',
    });
    expect((res.body as Array<{ id: string }>).find((b) => b.id === fx.zebra.id)).toMatchObject({
      source: 'manual',
      generatedAt: null,
      imageUrl: null,
      tone: null,
      keywords: null,
    });
  });

  it('treats empty parameters as not given', async () => {
    const res = await list('?category=&publishedFrom=&publishedTo=&search=&sortBy=&sortOrder=');
    expect(res.status).toBe(200);
    expect(fixtureIdsOf(res.body)).toEqual(ids('impact', 'habits', 'giving', 'zebra'));
  });

  it.each([
    ['GRANT WRITING', ['impact', 'habits']],
    ['  grant writing ', ['impact', 'habits']],
    ['fundraising', ['giving']],
    ['Grant', []],
  ] as Array<[string, Key[]]>)(
    'category=%s matches the trimmed category in any case',
    async (category, expected) => {
      expect(fixtureIdsOf((await list(`?category=${encodeURIComponent(category)}`)).body)).toEqual(
        ids(...expected),
      );
    },
  );

  it('takes publishedFrom and publishedTo as inclusive bounds on postDate', async () => {
    expect(fixtureIdsOf((await list('?publishedFrom=2025-02-01')).body)).toEqual(
      ids('impact', 'habits', 'giving'),
    );
    expect(fixtureIdsOf((await list('?publishedTo=2025-02-01')).body)).toEqual(ids('giving', 'zebra'));
    expect(fixtureIdsOf((await list('?publishedFrom=2025-03-10&publishedTo=2025-03-10')).body)).toEqual(
      ids('impact', 'habits'),
    );
    expect(fixtureIdsOf((await list('?publishedFrom=2024-01-01&publishedTo=2024-12-31')).body)).toEqual([]);
  });

  it.each([
    ['pipe', ['habits']],
    ['FUNDING PIPELINE', ['habits']],
    ['amani', ['impact']],
    ['fund', ['habits', 'giving']],
    ['volunt', ['impact', 'zebra']],
    ['zeb cross', ['zebra']],
    ['strong teams', ['habits']],
    ['wat', ['zebra']],
    ['nothing-like-this', []],
  ] as Array<[string, Key[]]>)(
    'search=%s matches word prefixes in title, summary, category, content or author',
    async (search, expected) => {
      const res = await list(`?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      expect(fixtureIdsOf(res.body)).toEqual(ids(...expected));
    },
  );

  it.each([
    ['?sortBy=title&sortOrder=asc', ['habits', 'giving', 'impact', 'zebra']],
    ['?sortBy=title&sortOrder=desc', ['zebra', 'impact', 'giving', 'habits']],
    ['?sortBy=createdAt&sortOrder=asc', ['zebra', 'giving', 'habits', 'impact']],
    ['?sortBy=createdAt', ['impact', 'habits', 'giving', 'zebra']],
    ['?sortBy=postDate&sortOrder=asc', ['zebra', 'giving', 'habits', 'impact']],
  ] as Array<[string, Key[]]>)('sorts %s', async (query, expected) => {
    expect(fixtureIdsOf((await list(query)).body)).toEqual(ids(...expected));
  });

  it('refuses invalid parameters with 400 and a message per field', async () => {
    const res = await list(
      `?publishedFrom=2025-13-01&sortBy=author&sortOrder=sideways&search=${'y'.repeat(201)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      fields: {
        publishedFrom: 'Published from must be a date written YYYY-MM-DD.',
        sortBy: 'Sort by one of: postDate, title, createdAt.',
        sortOrder: 'Sort order must be asc or desc.',
        search: 'Search is too long (200 characters at most).',
      },
    });
    const reversed = await list('?publishedFrom=2025-03-10&publishedTo=2025-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toEqual({ publishedTo: 'The end date must be on or after the start date.' });
  });

  it('carries an ETag and public no-cache, and answers 304 to a current If-None-Match', async () => {
    const first = await list('?category=fundraising');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await list('?category=fundraising', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);
    expect((await list('?category=fundraising', { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await list('?category=community', { 'if-none-match': etag })).status).toBe(200);
  });
});

describe('GET /api/blogs/{id}', () => {
  it('answers the post, with an ETag', async () => {
    const res = await call(t.app, 'GET', `/api/blogs/${fx.habits.id}`);
    expect(res.status).toBe(200);
    expect(blog.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      id: fx.habits.id,
      title: 'Five Habits of Grant Winners',
      author: 'Nadia Uwase',
    });
    const etag = res.headers.get('etag') ?? '';
    const again = await call(t.app, 'GET', `/api/blogs/${fx.habits.id}`, undefined, undefined, {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 'Blog not found.' for an unknown or malformed id", async () => {
    for (const id of [newId(), 'nope', 'generate']) {
      const res = await call(t.app, 'GET', `/api/blogs/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Blog not found.', code: 'not_found' });
    }
  });
});

describe('POST /api/blogs', () => {
  const post = (body: unknown, token?: string) => call(t.app, 'POST', '/api/blogs', body, token);
  const today = () => new Date().toISOString().slice(0, 10);

  it('is for SUPER_ADMIN only: 401 without a token, 403 for every other role', async () => {
    const body = { title: 'x', content: 'y' };
    expect((await post(body)).status).toBe(401);
    for (const role of rolesBelowSuperAdmin) {
      const res = await post(body, users[role]!.token);
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden' });
    }
    expect(await t.db.$count(blogs, eq(blogs.title, 'x'))).toBe(0);
  });

  it('saves the new-blog form shape: server time, author from the session, content untouched', async () => {
    const content = '  # Heading kept\n\n<script>alert(1)</script>\n\n- item  \n';
    const before = Date.now();
    const res = await post(
      {
        title: '  Our First Post  ',
        category: 'News',
        summary: 'A summary.',
        content,
        postDate: '2025-04-02',
        imageUrl: 'https://images.example.org/first.png',
        source: 'manual',
        createdAt: '1999-01-01T00:00:00.000Z',
      },
      superToken(),
    );
    expect(res.status).toBe(201);
    expect(blog.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      title: 'Our First Post',
      category: 'News',
      summary: 'A summary.',
      content,
      postDate: '2025-04-02',
      imageUrl: 'https://images.example.org/first.png',
      author: users.SUPER_ADMIN!.name,
      source: 'manual',
      generatedAt: null,
      tone: null,
      keywords: null,
    });
    const createdAt = Date.parse(res.body.createdAt as string);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await call(t.app, 'GET', `/api/blogs/${res.body.id as string}`)).body).toEqual(res.body);
  });

  it('defaults a blank or missing post date to today (UTC) and a blank image to null (the default image)', async () => {
    for (const extra of [
      {},
      { postDate: '', imageUrl: '' },
      { postDate: null, imageUrl: null },
      { imageUrl: 'blog-default.png' },
    ]) {
      const res = await post(
        { title: 'Pasted', category: 'Notes', content: 'Body', source: 'manual', ...extra },
        superToken(),
      );
      expect(res.status, JSON.stringify(extra)).toBe(201);
      expect(res.body).toMatchObject({ postDate: today(), imageUrl: null, summary: '', source: 'manual' });
    }
  });

  it('saves the generated shape with its generatedAt, tone and keywords', async () => {
    const res = await post(
      {
        title: 'Generated Post',
        category: 'Fundraising',
        summary: 'Drafted by AI.',
        tone: 'inspirational',
        keywords: 'donors, hope',
        content: '## Hello',
        source: 'generated',
        generatedAt: '2025-04-01T12:00:00.000Z',
      },
      superToken(),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      source: 'generated',
      generatedAt: '2025-04-01T12:00:00.000Z',
      tone: 'inspirational',
      keywords: 'donors, hope',
    });
    // A generated post without a time gets the server's; a manual one never carries one.
    const noTime = await post({ title: 'G2', content: 'x', source: 'generated' }, superToken());
    expect(Date.parse(noTime.body.generatedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    const manual = await post(
      { title: 'M', content: 'x', generatedAt: '2025-04-01T12:00:00.000Z' },
      superToken(),
    );
    expect(manual.body.generatedAt).toBeNull();
  });

  it("uses the caller's email as author when the name is blank", async () => {
    const nameless = await createTestUser(t, { ngoId, role: 'SUPER_ADMIN', name: '' });
    const res = await post({ title: 'By email', content: 'x' }, nameless.token);
    expect(res.status).toBe(201);
    expect(res.body.author).toBe(nameless.email);
  });

  it('refuses missing and invalid fields with a message per field', async () => {
    const empty = await post({}, superToken());
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ title: 'Title is required.', content: 'Content is required.' });

    const blank = await post({ title: '  ', content: ' \n ' }, superToken());
    expect(blank.body.fields).toEqual({ title: 'Title is required.', content: 'Content is required.' });

    const bad = await post(
      {
        title: 'Bad',
        content: 'x',
        tone: 'angry',
        source: 'ai',
        postDate: '2025-02-30',
        imageUrl: 'not a url',
        generatedAt: 'yesterday',
      },
      superToken(),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object).sort()).toEqual(
      ['generatedAt', 'imageUrl', 'postDate', 'source', 'tone'].sort(),
    );
    expect(bad.body.fields).toMatchObject({
      tone: 'Tone must be one of: informative, inspirational, casual, formal.',
      imageUrl: 'Image URL must be a web address starting with http:// or https://.',
    });

    const long = await post({ title: 'Long', content: 'x'.repeat(100_001) }, superToken());
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ content: 'Content is too long (100000 characters at most).' });
    expect(await t.db.$count(blogs, eq(blogs.title, 'Bad'))).toBe(0);
  });
});

describe('DELETE /api/blogs/{id}', () => {
  it('is for SUPER_ADMIN only, answers 204, then 404', async () => {
    const created = await call(t.app, 'POST', '/api/blogs', { title: 'Doomed', content: 'x' }, superToken());
    const id = created.body.id as string;
    expect((await call(t.app, 'DELETE', `/api/blogs/${id}`)).status).toBe(401);
    for (const role of rolesBelowSuperAdmin) {
      expect(
        (await call(t.app, 'DELETE', `/api/blogs/${id}`, undefined, users[role]!.token)).status,
        role,
      ).toBe(403);
    }
    const res = await call(t.app, 'DELETE', `/api/blogs/${id}`, undefined, superToken());
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await call(t.app, 'GET', `/api/blogs/${id}`)).status).toBe(404);
    const again = await call(t.app, 'DELETE', `/api/blogs/${id}`, undefined, superToken());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Blog not found.', code: 'not_found' });
  });
});

describe('AI generation', () => {
  const advanced = {
    title: 'Clean Water Changes Everything',
    category: 'Water & Sanitation',
    summary: 'How one borehole kept girls in school.',
    tone: 'inspirational',
    keywords: 'water, schools, girls',
  };
  const generate = (body: unknown, token?: string) => call(t.app, 'POST', '/api/blogs/generate', body, token);
  const generateSimple = (body: unknown, token?: string) =>
    call(t.app, 'POST', '/api/blogs/generate-simple', body, token);
  const usageRows = () => t.db.select().from(aiUsage);

  beforeEach(async () => {
    standIn.setMode('ok');
    standIn.requests.length = 0;
    await t.db.delete(aiUsage);
  });

  it('is for SUPER_ADMIN only on both routes: 401 without a token, 403 for every other role', async () => {
    expect((await generate(advanced)).status).toBe(401);
    expect((await generateSimple({ prompt: 'x' })).status).toBe(401);
    for (const role of rolesBelowSuperAdmin) {
      expect((await generate(advanced, users[role]!.token)).status, role).toBe(403);
      expect((await generateSimple({ prompt: 'x' }, users[role]!.token)).status, role).toBe(403);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it('drafts a post from the advanced fields, saves nothing, and records the usage for the NGO and feature', async () => {
    const blogsBefore = await t.db.$count(blogs);
    const res = await generate(advanced, superToken());
    expect(res.status).toBe(200);
    expect(generatedBlog.strict().safeParse(res.body).success).toBe(true);
    const { content, ...rest } = res.body as unknown as { content: string };
    expect(rest).toEqual(advanced);
    // The stand-in answers '# <title>' first; the title is shown apart, so the heading is dropped.
    expect(content).not.toMatch(/^#\s/);
    expect(content).toContain('This inspirational article is about: How one borehole kept girls in school.');
    expect(content).toContain('Key ideas: water, schools, girls.');
    expect(await t.db.$count(blogs)).toBe(blogsBefore);

    expect(standIn.requests).toHaveLength(1);
    const sent = standIn.requests[0]?.body as {
      model: string;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[1]?.content).toContain('Title: Clean Water Changes Everything');
    expect(sent.messages[1]?.content).toContain('Keywords: water, schools, girls');
    expect(standIn.requests[0]?.authorization).toBeUndefined();

    const rows = await usageRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ngoId,
      userId: users.SUPER_ADMIN!.id,
      feature: 'blog-generate',
      model: 'gpt-4o-mini',
    });
    expect(rows[0]?.promptTokens).toBeGreaterThan(0);
    expect(rows[0]?.completionTokens).toBeGreaterThan(0);
    expect(rows[0]?.totalTokens).toBe((rows[0]?.promptTokens ?? 0) + (rows[0]?.completionTokens ?? 0));
    expect(rows[0]?.id).toMatch(/^[0-9a-z]{26}$/);
  });

  it('defaults the tone to informative and the optional fields to empty', async () => {
    const res = await generate({ title: 'T', summary: 'S', tone: '' }, superToken());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'T',
      summary: 'S',
      tone: 'informative',
      category: '',
      keywords: '',
    });
    expect(
      (standIn.requests[0]?.body as { messages: Array<{ content: string }> }).messages[1]?.content,
    ).toContain('Tone: informative');
  });

  it('requires title and summary, and never calls the provider for an invalid body', async () => {
    const res = await generate({ category: 'x', tone: 'loud' }, superToken());
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      title: 'Title is required.',
      summary: 'Summary is required.',
      tone: 'Tone must be one of: informative, inspirational, casual, formal.',
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it('drafts from one description, returning the title the model gave, and records the simple feature', async () => {
    const res = await generateSimple(
      { prompt: '  Volunteer week recap: 40 volunteers planted 300 trees  ' },
      superToken(),
    );
    expect(res.status).toBe(200);
    expect(generatedSimpleBlog.strict().safeParse(res.body).success).toBe(true);
    expect(res.body.title).toBe('Volunteer week recap: 40 volunteers planted');
    expect(res.body.content).toContain('40 volunteers planted 300 trees');
    expect(res.body.content).not.toMatch(/^#\s/);
    const rows = await usageRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ngoId, feature: 'blog-generate-simple' });
  });

  it('requires a prompt of 1 to 2000 characters', async () => {
    for (const body of [{}, { prompt: '   ' }, { prompt: 'x'.repeat(2001) }]) {
      const res = await generateSimple(body, superToken());
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('prompt');
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it('answers 502 with a clear message when the provider keeps failing, after one retry, recording nothing', async () => {
    standIn.setMode('error');
    const res = await generate(advanced, superToken());
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message: 'The AI provider did not answer. Please try again.',
      code: 'ai_provider_failed',
    });
    expect(standIn.requests).toHaveLength(2);
    expect(await usageRows()).toHaveLength(0);
  });

  it('succeeds when the provider fails once', async () => {
    standIn.setMode('fail-once');
    const res = await generateSimple({ prompt: 'Clean water in schools' }, superToken());
    expect(res.status).toBe(200);
    expect(standIn.requests).toHaveLength(2);
    expect(await usageRows()).toHaveLength(1);
  });

  it('answers 502 for a malformed answer, without retrying', async () => {
    standIn.setMode('malformed');
    const res = await generateSimple({ prompt: 'Anything' }, superToken());
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('ai_provider_failed');
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers 502 when the provider is slower than AI_TIMEOUT_MS', async () => {
    standIn.setMode('slow');
    const started = Date.now();
    const res = await generate(advanced, superToken());
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(standIn.requests).toHaveLength(2);
  });

  describe('monthly AI allowance', () => {
    const starterAllowance = 50_000;
    const monthStart = () => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    };
    const nextMonthStart = () => {
      const start = monthStart();
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    };
    const spend = (totalTokens: number, createdAt = new Date(), ngo: string | null = ngoId) =>
      t.db.insert(aiUsage).values({
        id: newId(),
        ngoId: ngo,
        userId: null,
        feature: 'blog-generate',
        model: 'gpt-4o-mini',
        totalTokens,
        createdAt,
      });

    afterEach(async () => {
      await t.db.delete(ngoSubscriptions).where(eq(ngoSubscriptions.ngoId, ngoId));
    });

    it('answers 402 plan_limit_reached on both routes once the month’s usage reaches the plan’s allowance', async () => {
      await spend(starterAllowance - 1);
      expect((await generateSimple({ prompt: 'Below the allowance' }, superToken())).status).toBe(200);
      await t.db.delete(aiUsage);
      await spend(starterAllowance);
      const resets = nextMonthStart().toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      standIn.requests.length = 0;
      for (const res of [
        await generate(advanced, superToken()),
        await generateSimple({ prompt: 'x' }, superToken()),
      ]) {
        expect(res.status).toBe(402);
        expect(res.body).toEqual({
          message:
            'Your organisation has used this month’s AI allowance of 50,000 tokens on the NGO Starter plan. ' +
            `It resets on ${resets} (00:00 UTC). Choose a bigger plan to continue sooner.`,
          code: 'plan_limit_reached',
        });
      }
      // The provider is never called, and nothing more is recorded.
      expect(standIn.requests).toHaveLength(0);
      expect(await usageRows()).toHaveLength(1);
    });

    it('works again when the usage is from a previous month, and ignores other organisations', async () => {
      await spend(starterAllowance * 3, new Date(monthStart().getTime() - 1));
      await spend(starterAllowance * 3, new Date(), await createTestNgo(t, 'Heavy User'));
      await spend(starterAllowance * 3, new Date(), null);
      const res = await generate(advanced, superToken());
      expect(res.status).toBe(200);
      expect(res.body.title).toBe(advanced.title);
    });

    it('follows the paid plan while it runs, and the free allowance again once it has lapsed', async () => {
      await spend(starterAllowance + 10_000);
      expect((await generateSimple({ prompt: 'x' }, superToken())).status).toBe(402);
      await t.db.insert(ngoSubscriptions).values({
        ngoId,
        planId: 'growth',
        activatedAt: new Date(Date.now() - 86_400_000),
        renewsAt: new Date(Date.now() + 86_400_000),
      });
      expect((await generateSimple({ prompt: 'x' }, superToken())).status).toBe(200);
      await t.db
        .update(ngoSubscriptions)
        .set({ renewsAt: new Date(Date.now() - 1_000) })
        .where(eq(ngoSubscriptions.ngoId, ngoId));
      const lapsed = await generateSimple({ prompt: 'x' }, superToken());
      expect(lapsed.status).toBe(402);
      expect(lapsed.body.code).toBe('plan_limit_reached');
      expect(lapsed.body.message).toContain('Your NGO Growth subscription ended on');
    });

    it('still answers 400 for an invalid body before counting anything', async () => {
      await spend(starterAllowance);
      expect((await generate({}, superToken())).status).toBe(400);
    });
  });

  describe('without an AI provider', () => {
    let bare: TestApp;
    let token: string;
    beforeAll(async () => {
      bare = await createTestApp();
      token = (await createTestUser(bare, { ngoId: await createTestNgo(bare), role: 'SUPER_ADMIN' })).token;
    });
    afterAll(() => bare.close());

    it('answers 503 on both routes, whatever the body, after the auth checks', async () => {
      for (const [path, body] of [
        ['/api/blogs/generate', advanced],
        ['/api/blogs/generate-simple', { prompt: 'x' }],
        ['/api/blogs/generate', {}],
      ] as const) {
        const res = await call(bare.app, 'POST', path, body, token);
        expect(res.status, path).toBe(503);
        expect(res.body).toEqual({
          message:
            'AI features are not available: no AI provider is configured on this server (set AI_BASE_URL).',
          code: 'ai_not_configured',
        });
        expect((await call(bare.app, 'POST', path, body)).status).toBe(401);
      }
      expect(standIn.requests).toHaveLength(0);
    });
  });
});

describe('splitGeneratedMarkdown', () => {
  it.each([
    ['# Title\n\nBody', { title: 'Title', content: 'Body' }],
    [
      '```markdown\n# **Fenced** Title #\n\n## Part\nText\n```',
      { title: 'Fenced Title', content: '## Part\nText' },
    ],
    ['## Only sections\n\nText', { content: '## Only sections\n\nText' }],
    ['# Just a heading', { content: '# Just a heading' }],
    ['  Plain text  ', { content: 'Plain text' }],
  ])('%j', (raw, expected) => {
    expect(splitGeneratedMarkdown(raw)).toEqual(expected);
  });
});

describe('OpenAPI', () => {
  it('documents the blog routes', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/api/blogs']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/blogs/{id}']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/blogs']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.paths['/api/blogs/generate']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '403', '502', '503']),
    );
    expect(Object.keys(doc.paths['/api/blogs/generate-simple']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '403', '502', '503']),
    );
    expect(doc.paths['/api/blogs/{id}']?.delete?.security).toEqual([{ bearerAuth: [] }]);
  });
});
