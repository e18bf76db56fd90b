import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badCursorMessage, limitMessage, NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { grants } from '../../db/schema';
import { newId } from '../../services/ids';
import { call, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;

const countries = ['Kenya', 'Rwanda', 'Uganda, Kenya', 'South Sudan', 'kenya ,Tanzania'];
const areas = ['Clean Water', 'Maternal Health', 'Education, Clean Water', 'Youth'];
const categories = ['Health', ' health ', 'Education', 'Water & Sanitation'];
const sizes = ['$10,000 - $50,000', 'Up to $75,000', 'Varies', '€2m', '$5k', 'Up to $75,000'];
const titles = ['alpha fund', 'Alpha Fund', 'Beta grant', 'beta Grant', 'Gamma Water Fund', 'delta health'];

/** 60 grants with many equal keys (dates, titles up to case, sizes) and rolling deadlines. */
function fixture(i: number) {
  const day = String(1 + (i % 9)).padStart(2, '0');
  return {
    id: newId(),
    title: `${titles[i % titles.length]!}${i % 4 === 0 ? '' : ` ${i % 7}`}`,
    category: categories[i % categories.length]!,
    donorAgency: `Agency ${i % 5}`,
    grantSize: sizes[i % sizes.length]!,
    postDate: `2025-0${1 + (i % 3)}-${day}`,
    deadlineDate: i % 4 === 1 ? null : `2025-1${i % 3}-${day}`,
    country: countries[i % countries.length]!,
    areaOfInterest: areas[i % areas.length]!,
  };
}

async function ids(query: string): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/grants${query ? `?${query}` : ''}`);
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((g) => g.id);
}

/** Every page of a listing, followed through Next-Cursor. */
async function walk(query: string, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await call(t.app, 'GET', `/api/grants?${params}`);
    expect(res.status).toBe(200);
    const page = (res.body as { id: string }[]).map((g) => g.id);
    expect(page.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = res.headers.get(NEXT_CURSOR_HEADER);
    if (cursor) expect(page.length).toBe(limit);
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return { pages, items: pages.flat() };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(grants).values(Array.from({ length: 60 }, (_, i) => fixture(i)));
});
afterAll(async () => t.close());

describe('GET /api/grants paged by keyset', () => {
  it('without limit or cursor answers the whole array, as the spec describes', async () => {
    const res = await call(t.app, 'GET', '/api/grants');
    expect(res.body).toHaveLength(60);
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  it('pages through every order in the whole listing’s order, each item once', async () => {
    for (const sortBy of ['postDate', 'deadlineDate', 'title', 'grantSize']) {
      for (const sortOrder of ['asc', 'desc']) {
        const query = `sortBy=${sortBy}&sortOrder=${sortOrder}`;
        const whole = await ids(query);
        const { items } = await walk(query, 7);
        expect(items, query).toEqual(whole);
      }
    }
  });

  it('combines every filter with paging', async () => {
    const filters = [
      'country=kenya',
      'areaOfInterest=clean%20water',
      'category=HEALTH',
      'publishedFrom=2025-02-01&publishedTo=2025-02-28',
      'search=alpha',
      'search=fund&country=Rwanda,Uganda&sortBy=title&sortOrder=asc',
      'category=education&publishedFrom=2025-01-05&sortBy=deadlineDate&sortOrder=asc',
      'search=nothing-matches-this',
    ];
    for (const query of filters) {
      const whole = await ids(query);
      const { items } = await walk(query, 4);
      expect(items, query).toEqual(whole);
    }
  });

  it('takes 25 items by default when only a cursor asks for paging, and any limit from 1 to 100', async () => {
    const first = await call(t.app, 'GET', '/api/grants?limit=');
    expect(first.body).toHaveLength(60);
    const page1 = await call(t.app, 'GET', '/api/grants?limit=30');
    const cursor = page1.headers.get(NEXT_CURSOR_HEADER)!;
    const next = await call(t.app, 'GET', `/api/grants?cursor=${cursor}`);
    expect(next.body).toHaveLength(25);
    expect((await call(t.app, 'GET', '/api/grants?limit=1')).body).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/grants?limit=100')).body).toHaveLength(60);
  });

  it('refuses a limit outside 1 to 100 with a 400 naming limit', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'ten', '1e2', '99999']) {
      const res = await call(t.app, 'GET', `/api/grants?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.fields).toEqual({ limit: limitMessage });
    }
  });

  it('refuses a cursor it did not make, or made for other filters, with a 400 naming cursor', async () => {
    const made = (await call(t.app, 'GET', '/api/grants?limit=5&country=Kenya')).headers.get(
      NEXT_CURSOR_HEADER,
    )!;
    const forged = (k: unknown[]) => Buffer.from(JSON.stringify({ f: 'x', k })).toString('base64url');
    const decoded = JSON.parse(Buffer.from(made, 'base64url').toString()) as { f: string; k: unknown[] };
    const tampered = (k: unknown[]) => Buffer.from(JSON.stringify({ f: decoded.f, k })).toString('base64url');
    const bad = [
      'not a cursor',
      'bm90LWpzb24',
      forged(decoded.k),
      tampered(['2025-13-45', 'x']),
      tampered([null, 'x']),
      tampered(['2025-01-01']),
      tampered([1, 2]),
      tampered(["2025-01-01'; drop table grants; --", 'x']),
      'x'.repeat(2000),
    ];
    for (const cursor of bad) {
      const res = await call(t.app, 'GET', `/api/grants?country=Kenya&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(Object.keys(res.body.fields as object)).toEqual(['cursor']);
    }
    const otherFilters = await call(t.app, 'GET', `/api/grants?country=Rwanda&cursor=${made}`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.fields).toEqual({ cursor: badCursorMessage });
    const otherOrder = await call(t.app, 'GET', `/api/grants?country=Kenya&sortBy=title&cursor=${made}`);
    expect(otherOrder.status).toBe(400);
    expect((await call(t.app, 'GET', `/api/grants?country=Kenya&cursor=${made}`)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/grants')).body).toHaveLength(60);
  });

  it('keeps its place while grants are added: no item repeats or goes missing across pages', async () => {
    for (const sortBy of ['postDate', 'title', 'deadlineDate']) {
      const query = `sortBy=${sortBy}`;
      const before = await ids(query);
      const first = await call(t.app, 'GET', `/api/grants?${query}&limit=10`);
      const firstIds = (first.body as { id: string }[]).map((g) => g.id);
      // New grants that sort before, among and after the items already seen.
      await t.db
        .insert(grants)
        .values([fixture(3), fixture(8), { ...fixture(5), postDate: '2030-01-01', title: '0000 first' }]);
      let cursor = first.headers.get(NEXT_CURSOR_HEADER);
      const rest: string[] = [];
      while (cursor) {
        const res = await call(t.app, 'GET', `/api/grants?${query}&limit=10&cursor=${cursor}`);
        expect(res.status).toBe(200);
        rest.push(...(res.body as { id: string }[]).map((g) => g.id));
        cursor = res.headers.get(NEXT_CURSOR_HEADER);
      }
      expect(rest.filter((id) => firstIds.includes(id))).toEqual([]);
      expect(new Set(rest).size).toBe(rest.length);
      // Every grant that existed when scrolling began and came after the first page is still there, in order.
      expect(rest.filter((id) => before.includes(id))).toEqual(before.slice(10));
    }
  });
});
