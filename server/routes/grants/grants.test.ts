import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantDetail, grantSummary } from '../../../contract/grants';
import { grants } from '../../db/schema';
import { newId } from '../../services/ids';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createUserPerRole, rolesBelowSuperAdmin, type TestUser } from '../../testing/users';

let t: TestApp;
let users: Record<string, TestUser>;

type Fixture = typeof grants.$inferInsert & { id: string; postDate: string };

/**
 * Five grants chosen for the edge cases: lists with stray spaces and mixed case, a country that is a
 * prefix of another list item, a category stored with spaces, equal post dates, a size without an
 * amount, and a rolling call (no deadline).
 */
const fx = {
  water: {
    id: newId(),
    title: 'Clean Water for Rural Schools',
    category: 'Water & Sanitation',
    donorAgency: 'Blue Planet Water Alliance',
    grantSize: '$10,000 - $50,000',
    postDate: '2025-03-10',
    deadlineDate: '2025-06-30',
    imageUrl: 'https://images.example.org/water.png',
    country: ' south sudan ,Kenya',
    areaOfInterest: 'Clean Water,  WASH in Schools ',
    description: 'Boreholes and handwashing stations.',
    eligibility: 'Registered NGOs.',
    applicationUrl: 'https://example.org/apply',
    sourceUrl: 'https://example.org/source',
  },
  maternal: {
    id: newId(),
    title: 'maternal Health Innovation Fund',
    category: ' health ',
    donorAgency: 'Global Health Equity Fund',
    grantSize: 'Up to $75,000',
    postDate: '2025-03-01',
    deadlineDate: null,
    imageUrl: 'funding-opportunity.png',
    country: 'Rwanda',
    areaOfInterest: 'Maternal Health',
  },
  youth: {
    id: newId(),
    title: 'Youth Skills Grants',
    category: 'Youth Empowerment',
    donorAgency: 'Kite Youth Foundation',
    grantSize: '€100,000 - €400,000',
    postDate: '2025-02-15',
    deadlineDate: '2025-04-01',
    country: 'KENYA, Uganda',
    areaOfInterest: 'Skills Training, Entrepreneurship',
  },
  hiv: {
    id: newId(),
    title: 'HIV/AIDS Community Response',
    category: 'Health',
    donorAgency: 'Wellspring Health Foundation',
    grantSize: 'Varies',
    postDate: '2025-03-10',
    deadlineDate: '2025-05-01',
    country: 'South Sudanese Diaspora, Ethiopia',
    areaOfInterest: 'HIV/AIDS',
  },
  watershed: {
    id: newId(),
    title: 'Watershed Restoration Fund',
    category: 'Biodiversity & Conservation',
    donorAgency: 'Green Horizon Trust',
    grantSize: '$1.5 million',
    postDate: '2025-01-20',
    deadlineDate: '2025-12-31',
    country: 'Global',
    areaOfInterest: 'Watersheds, Conservation',
  },
} satisfies Record<string, Fixture>;
type Key = keyof typeof fx;
const all = Object.keys(fx) as Key[];

const idsOf = (body: unknown) => (body as Array<{ id: string }>).map((g) => g.id);
/** Fixture keys → ids in the default order: newest post first, then id descending. */
const byDefaultOrder = (...keys: Key[]) =>
  keys
    .map((k) => fx[k])
    .sort((a, b) => b.postDate.localeCompare(a.postDate) || b.id.localeCompare(a.id))
    .map((g) => g.id);
const ids = (...keys: Key[]) => keys.map((k) => fx[k].id);

const list = (query = '', headers: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/grants${query}`, undefined, undefined, headers);

beforeAll(async () => {
  t = await createTestApp();
  users = await createUserPerRole(t, await createTestNgo(t));
  await t.db.insert(grants).values(Object.values(fx));
});
afterAll(() => t.close());

describe('GET /api/grants', () => {
  it('lists every grant with the spec fields only, newest first, equal dates by id', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(idsOf(res.body)).toEqual(byDefaultOrder(...all));
    for (const item of res.body as unknown[])
      expect(grantSummary.strict().safeParse(item).success).toBe(true);
    expect((res.body as unknown[]).find((g) => (g as { id: string }).id === fx.maternal.id)).toEqual({
      id: fx.maternal.id,
      title: 'maternal Health Innovation Fund',
      category: ' health ',
      donorAgency: 'Global Health Equity Fund',
      grantSize: 'Up to $75,000',
      postDate: '2025-03-01',
      deadlineDate: null,
      imageUrl: 'funding-opportunity.png',
      country: 'Rwanda',
      areaOfInterest: 'Maternal Health',
    });
  });

  it('treats empty parameters as not given', async () => {
    const res = await list(
      '?country=&areaOfInterest=&category=&publishedFrom=&publishedTo=&search=&sortBy=&sortOrder=',
    );
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(byDefaultOrder(...all));
    expect(idsOf((await list('?country=%20%20&search=%20')).body)).toEqual(byDefaultOrder(...all));
  });

  describe('country and areaOfInterest match any list item, trimmed, in any case', () => {
    it.each([
      ['Kenya', ['water', 'youth']],
      ['kenya', ['water', 'youth']],
      ['South Sudan', ['water']],
      ['  SOUTH SUDAN  ', ['water']],
      ['Sudan', []],
      ['south sudanese diaspora', ['hiv']],
      ['global', ['watershed']],
      ['France', []],
    ] as Array<[string, Key[]]>)('country=%s', async (country, expected) => {
      const res = await list(`?country=${encodeURIComponent(country)}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual(byDefaultOrder(...expected));
    });

    it.each([
      ['clean water', ['water']],
      ['WASH in Schools', ['water']],
      ['hiv/aids', ['hiv']],
      ['Water', []],
      ['entrepreneurship', ['youth']],
    ] as Array<[string, Key[]]>)('areaOfInterest=%s', async (area, expected) => {
      const res = await list(`?areaOfInterest=${encodeURIComponent(area)}`);
      expect(idsOf(res.body)).toEqual(byDefaultOrder(...expected));
    });
  });

  it.each([
    ['HEALTH', ['maternal', 'hiv']],
    [' health ', ['maternal', 'hiv']],
    ['water & sanitation', ['water']],
    ['Water', []],
  ] as Array<[string, Key[]]>)(
    'category=%s matches the trimmed category in any case',
    async (category, expected) => {
      const res = await list(`?category=${encodeURIComponent(category)}`);
      expect(idsOf(res.body)).toEqual(byDefaultOrder(...expected));
    },
  );

  it('takes publishedFrom and publishedTo as inclusive bounds on postDate', async () => {
    expect(idsOf((await list('?publishedFrom=2025-03-01')).body)).toEqual(
      byDefaultOrder('water', 'hiv', 'maternal'),
    );
    expect(idsOf((await list('?publishedTo=2025-03-01')).body)).toEqual(
      byDefaultOrder('maternal', 'youth', 'watershed'),
    );
    expect(idsOf((await list('?publishedFrom=2025-03-10&publishedTo=2025-03-10')).body)).toEqual(
      byDefaultOrder('water', 'hiv'),
    );
    expect(idsOf((await list('?publishedFrom=2025-03-11')).body)).toEqual([]);
  });

  describe('search', () => {
    it.each([
      ['wat', ['water', 'watershed']],
      ['WATER', ['water', 'watershed']],
      ['clean wat', ['water']],
      ['kite', ['youth']],
      ['aids', ['hiv']],
      ['ethiop', ['hiv']],
      ['youth empower', ['youth']],
      ['equity', ['maternal']],
      ['water & sanitation', ['water']],
      ['zzz', []],
    ] as Array<[string, Key[]]>)('search=%s matches word prefixes in any field', async (search, expected) => {
      const res = await list(`?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual(byDefaultOrder(...expected));
    });

    it('is safe against any input', async () => {
      for (const search of [
        "'); drop table grants; --",
        "wat:* | !'x' & <->",
        '\\\' " %_',
        '😀 ünïcödé',
        'a'.repeat(200),
      ]) {
        const res = await list(`?search=${encodeURIComponent(search)}`);
        expect(res.status, search).toBe(200);
      }
      // U+0000 cannot be stored or compared in Postgres text: refused, never a 500.
      const nul = await list('?search=a%00b&country=%00');
      expect(nul.status).toBe(400);
      expect(nul.body.fields).toEqual({
        search: 'Search contains a character that is not allowed.',
        country: 'Country contains a character that is not allowed.',
      });
      // Nothing but punctuation searches for nothing, so nothing is filtered out.
      expect(idsOf((await list('?search=%21%21%21%20%26%20%7C')).body)).toEqual(byDefaultOrder(...all));
      expect(await t.db.$count(grants)).toBe(all.length);
    });
  });

  describe('sorting', () => {
    it.each([
      [
        '?sortBy=postDate&sortOrder=asc',
        ['watershed', 'youth', 'maternal', ...[...byDefaultOrder('water', 'hiv')].reverse()],
      ],
      ['?sortBy=title&sortOrder=asc', ['water', 'hiv', 'maternal', 'watershed', 'youth']],
      ['?sortBy=title&sortOrder=desc', ['youth', 'watershed', 'maternal', 'hiv', 'water']],
      // Largest amount in the text; 'Varies' has none and comes last either way.
      ['?sortBy=grantSize&sortOrder=desc', ['watershed', 'youth', 'maternal', 'water', 'hiv']],
      ['?sortBy=grantSize&sortOrder=asc', ['water', 'maternal', 'youth', 'watershed', 'hiv']],
      // A rolling call (no deadline) comes last either way.
      ['?sortBy=deadlineDate&sortOrder=asc', ['youth', 'hiv', 'water', 'watershed', 'maternal']],
      ['?sortBy=deadlineDate&sortOrder=desc', ['watershed', 'water', 'hiv', 'youth', 'maternal']],
      ['?sortBy=title', ['youth', 'watershed', 'maternal', 'hiv', 'water']],
    ] as Array<[string, string[]]>)('%s', async (query, expected) => {
      const res = await list(query);
      expect(res.status).toBe(200);
      const want = expected.map((k) => (k in fx ? fx[k as Key].id : k));
      expect(idsOf(res.body)).toEqual(want);
    });

    it('defaults to postDate descending', async () => {
      expect((await list('?sortOrder=desc')).body).toEqual((await list()).body);
      expect((await list('?sortBy=postDate')).body).toEqual((await list()).body);
    });
  });

  it('combines filters', async () => {
    const res = await list(
      '?country=kenya&category=Water%20%26%20Sanitation&search=school&publishedFrom=2025-03-01&publishedTo=2025-12-31&sortBy=title&sortOrder=asc',
    );
    expect(idsOf(res.body)).toEqual(ids('water'));
    expect(idsOf((await list('?country=kenya&areaOfInterest=skills%20training&search=youth')).body)).toEqual(
      ids('youth'),
    );
  });

  it('answers an empty array when nothing matches', async () => {
    const res = await list('?country=Atlantis');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('refuses invalid parameters with 400 and a message per field', async () => {
    const res = await list(
      `?publishedFrom=2025-02-30&publishedTo=10%2F03%2F2025&sortBy=amount&sortOrder=up&search=${'x'.repeat(201)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(Object.keys(res.body.fields as object).sort()).toEqual(
      ['publishedFrom', 'publishedTo', 'search', 'sortBy', 'sortOrder'].sort(),
    );
    expect(res.body.fields).toMatchObject({
      publishedFrom: 'Published from must be a date written YYYY-MM-DD.',
      sortBy: 'Sort by one of: postDate, deadlineDate, title, grantSize.',
      sortOrder: 'Sort order must be asc or desc.',
      search: 'Search is too long (200 characters at most).',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses publishedFrom after publishedTo', async () => {
    const res = await list('?publishedFrom=2025-03-02&publishedTo=2025-03-01');
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ publishedTo: 'The end date must be on or after the start date.' });
  });

  describe('revalidation', () => {
    it('carries a strong ETag and public no-cache, and answers 304 to If-None-Match', async () => {
      const first = await list('?country=kenya');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]{43}"$/);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');

      const again = await list('?country=kenya', { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBeUndefined();
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, no-cache');

      // Weak comparison: the gzipped answer's W/ form and a list of tags both match.
      expect((await list('?country=kenya', { 'if-none-match': `W/${etag}` })).status).toBe(304);
      expect((await list('?country=kenya', { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
      expect((await list('?country=kenya', { 'if-none-match': '"stale"' })).status).toBe(200);
      // Another filter is another body, with another ETag.
      const other = await list('?country=uganda', { 'if-none-match': etag });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).not.toBe(etag);
    });

    it('still revalidates a gzipped answer, whose ETag the compression marks weak', async () => {
      const zipped = await t.app.request('/api/grants', { headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.status).toBe(200);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      const etag = zipped.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"[\w-]{43}"$/);
      await zipped.arrayBuffer();
      const again = await t.app.request('/api/grants', {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      // The same bytes before compression: the plain answer's strong ETag is the same hash.
      expect((await list()).headers.get('etag')).toBe(etag.slice(2));
    });

    it('gives the same ETag for the same answer', async () => {
      const a = await list('?search=health');
      const b = await list('?search=HEALTH&sortOrder=desc');
      expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    });

    it('revalidates the detail too', async () => {
      const res = await call(t.app, 'GET', `/api/grants/${fx.water.id}`);
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await call(t.app, 'GET', `/api/grants/${fx.water.id}`, undefined, undefined, {
        'if-none-match': etag,
      });
      expect(again.status).toBe(304);
    });
  });
});

describe('GET /api/grants/{id}', () => {
  it('answers the full grant', async () => {
    const res = await call(t.app, 'GET', `/api/grants/${fx.water.id}`);
    expect(res.status).toBe(200);
    expect(grantDetail.strict().safeParse(res.body).success).toBe(true);
    const { id, title, category, donorAgency, grantSize, postDate, deadlineDate, imageUrl } = fx.water;
    expect(res.body).toEqual({
      id,
      title,
      category,
      donorAgency,
      grantSize,
      postDate,
      deadlineDate,
      imageUrl,
      country: ' south sudan ,Kenya',
      areaOfInterest: 'Clean Water,  WASH in Schools ',
      description: 'Boreholes and handwashing stations.',
      eligibility: 'Registered NGOs.',
      applicationUrl: 'https://example.org/apply',
      sourceUrl: 'https://example.org/source',
    });
    // The listing item is exactly the detail without the long fields.
    const listed = ((await list()).body as Array<{ id: string }>).find((g) => g.id === id);
    const { description: _d, eligibility: _e, applicationUrl: _a, sourceUrl: _s, ...summary } = res.body;
    expect(listed).toEqual(summary);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [newId(), 'not-an-id', 'x'.repeat(64)]) {
      const res = await call(t.app, 'GET', `/api/grants/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Grant not found.', code: 'not_found' });
    }
  });
});

describe('writing grants', () => {
  const valid = {
    title: '  Solar Clinics Challenge  ',
    category: 'Climate',
    donorAgency: 'Aurora Climate Foundation',
    grantSize: '$20k - $80k',
    postDate: '2025-04-01',
    deadlineDate: '2025-07-01',
    country: ' Chad ,,Niger ',
    areaOfInterest: 'Renewable Energy',
    imageUrl: 'https://images.example.org/solar.png',
    applicationUrl: 'http://example.org/solar/apply',
  };
  const post = (body: unknown, token?: string) => call(t.app, 'POST', '/api/grants', body, token);
  const patch = (id: string, body: unknown, token?: string) =>
    call(t.app, 'PATCH', `/api/grants/${id}`, body, token);
  const del = (id: string, token?: string) => call(t.app, 'DELETE', `/api/grants/${id}`, undefined, token);
  const superToken = () => users.SUPER_ADMIN!.token;

  it('refuses every write without a token (401) and for every role but SUPER_ADMIN (403)', async () => {
    const target = fx.youth.id;
    expect((await post(valid)).status).toBe(401);
    expect((await patch(target, { title: 'x' })).status).toBe(401);
    expect((await del(target)).status).toBe(401);
    for (const role of rolesBelowSuperAdmin) {
      const token = users[role]!.token;
      for (const res of [
        await post(valid, token),
        await patch(target, { title: 'x' }, token),
        await del(target, token),
      ]) {
        expect(res.status, role).toBe(403);
        expect(res.body).toEqual({ message: 'You do not have permission to do this.', code: 'forbidden' });
      }
    }
    expect((await call(t.app, 'GET', `/api/grants/${target}`)).body).toMatchObject({
      title: 'Youth Skills Grants',
    });
  });

  it('creates a grant for SUPER_ADMIN: 201 with the whole grant, tidy lists, and it is listed and found', async () => {
    const res = await post(valid, superToken());
    expect(res.status).toBe(201);
    expect(grantDetail.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      title: 'Solar Clinics Challenge',
      country: 'Chad, Niger',
      deadlineDate: '2025-07-01',
      description: '',
      eligibility: '',
      sourceUrl: null,
      applicationUrl: 'http://example.org/solar/apply',
    });
    const id = res.body.id as string;
    expect(id).toMatch(/^[0-9a-z]{26}$/);
    expect((await call(t.app, 'GET', `/api/grants/${id}`)).body).toEqual(res.body);
    expect(idsOf((await list('?country=NIGER&search=solar%20clin')).body)).toEqual([id]);
    // '$20k - $80k' sorts as 80,000: between 75,000 and 400,000.
    const bySize = idsOf((await list('?sortBy=grantSize&sortOrder=desc')).body);
    expect(bySize.indexOf(id)).toBe(bySize.indexOf(fx.youth.id) + 1);
    await t.db.delete(grants).where(eq(grants.id, id));
  });

  it('changes the list ETag when a grant is added', async () => {
    const before = (await list()).headers.get('etag') ?? '';
    const created = await post({ ...valid, title: 'Another one' }, superToken());
    const after = await list('', { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    await del(created.body.id as string, superToken());
    expect((await list('', { 'if-none-match': before })).status).toBe(304);
  });

  it('refuses missing and invalid fields with a message per field', async () => {
    const empty = await post({}, superToken());
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'validation_failed',
      fields: {
        title: 'Title is required.',
        category: 'Category is required.',
        donorAgency: 'Donor agency is required.',
        grantSize: 'Grant size is required.',
        postDate: 'Post date is required.',
      },
    });

    const bad = await post(
      {
        ...valid,
        title: '   ',
        postDate: '2025-02-30',
        imageUrl: 'ftp://example.org/x.png',
        applicationUrl: 'javascript:alert(1)',
        sourceUrl: 'example.org',
      },
      superToken(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      title: 'Title is required.',
      postDate: 'Post date must be a date written YYYY-MM-DD.',
      imageUrl: 'Image URL must be a web address starting with http:// or https://.',
      applicationUrl: 'Application URL must be a web address starting with http:// or https://.',
      sourceUrl: 'Source URL must be a web address starting with http:// or https://.',
    });

    for (const deadlineDate of ['2025-04-01', '2025-03-31']) {
      const early = await post({ ...valid, deadlineDate }, superToken());
      expect(early.status).toBe(400);
      expect(early.body.fields).toEqual({ deadlineDate: 'The deadline must be after the post date.' });
    }
    expect(await t.db.$count(grants, sql`${grants.title} = 'Solar Clinics Challenge'`)).toBe(0);
  });

  it('takes a blank deadline and blank URLs as none', async () => {
    const res = await post(
      { ...valid, deadlineDate: '', imageUrl: ' ', applicationUrl: null, sourceUrl: '' },
      superToken(),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      deadlineDate: null,
      imageUrl: null,
      applicationUrl: null,
      sourceUrl: null,
    });
    await t.db.delete(grants).where(eq(grants.id, res.body.id as string));
  });

  it('updates only the fields sent, checks the deadline against the stored post date, and clears with null', async () => {
    const created = (await post(valid, superToken())).body;
    const id = created.id as string;

    const renamed = await patch(
      id,
      { title: ' Solar Clinics 2025 ', areaOfInterest: 'Energy , Health' },
      superToken(),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      ...created,
      title: 'Solar Clinics 2025',
      areaOfInterest: 'Energy, Health',
    });
    expect(idsOf((await list('?areaOfInterest=health&search=solar')).body)).toEqual([id]);

    const early = await patch(id, { deadlineDate: '2025-03-01' }, superToken());
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual({ deadlineDate: 'The deadline must be after the post date.' });
    const late = await patch(id, { postDate: '2025-08-01' }, superToken());
    expect(late.status).toBe(400);
    expect(late.body.fields).toEqual({ deadlineDate: 'The deadline must be after the post date.' });

    const cleared = await patch(
      id,
      { deadlineDate: null, imageUrl: '', postDate: '2025-08-01' },
      superToken(),
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ deadlineDate: null, imageUrl: null, postDate: '2025-08-01' });

    const bad = await patch(id, { title: '', sourceUrl: 'nope' }, superToken());
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object).sort()).toEqual(['sourceUrl', 'title']);

    const unchanged = await patch(id, {}, superToken());
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(cleared.body);

    expect((await patch(newId(), { title: 'Ghost' }, superToken())).status).toBe(404);
    await del(id, superToken());
  });

  it('deletes: 204, then 404', async () => {
    const id = (await post(valid, superToken())).body.id as string;
    const res = await del(id, superToken());
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await call(t.app, 'GET', `/api/grants/${id}`)).status).toBe(404);
    const again = await del(id, superToken());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Grant not found.', code: 'not_found' });
  });
});

describe('OpenAPI', () => {
  it('documents the grants routes, with bearer security on the writes only', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown;
            parameters?: Array<{ name: string }>;
            responses?: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const listOp = doc.paths['/api/grants']?.get;
    expect(listOp?.security).toBeUndefined();
    expect(Object.keys(listOp?.responses?.['200']?.headers ?? {})).toEqual(['Next-Cursor']);
    expect(listOp?.parameters?.map((p) => p.name).sort()).toEqual(
      [
        'areaOfInterest',
        'category',
        'country',
        'cursor',
        'limit',
        'publishedFrom',
        'publishedTo',
        'search',
        'sortBy',
        'sortOrder',
      ].sort(),
    );
    expect(doc.paths['/api/grants']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/grants/{id}']?.patch?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/grants/{id}']?.delete?.security).toEqual([{ bearerAuth: [] }]);
  });
});
