import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blog } from '../../../contract/blogs';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { blogs, grants } from '../../db/schema';
import { newId } from '../../services/ids';
import { call, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;

/** 23 posts: same-day posts, titles equal up to case, generated ones, and instants with microseconds. */
function fixture(i: number) {
  const generated = i % 3 === 0;
  return {
    id: newId(),
    title: ['Field notes', 'field Notes', 'Annual report', 'Water stories'][i % 4]!,
    category: ['Impact', 'News'][i % 2]!,
    summary: `Summary ${i}`,
    content: `# Post ${i}\n\nText with "quotes", a \\ backslash and ünïcode.`,
    author: `Author ${i % 3}`,
    postDate: `2025-0${1 + (i % 4)}-1${i % 5}`,
    source: generated ? 'generated' : 'manual',
    tone: generated ? 'warm' : null,
    keywords: generated ? 'water, schools' : null,
    generatedAt: generated ? new Date(Date.UTC(2025, 4, 1, 10, i, 0, 999)) : null,
    imageUrl: i % 2 ? null : 'https://images.example.org/b.png',
  };
}

async function walk(query: string, limit: number) {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await call(t.app, 'GET', `/api/blogs?${params}`);
    expect(res.status).toBe(200);
    items.push(...(res.body as unknown[]));
    cursor = res.headers.get(NEXT_CURSOR_HEADER);
  } while (cursor);
  return items;
}

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 23; i += 1) await t.db.insert(blogs).values(fixture(i));
});
afterAll(async () => t.close());

describe('GET /api/blogs paged by keyset', () => {
  it('pages through every order and filter, giving the very items of the whole listing', async () => {
    const queries = [
      ...['postDate', 'createdAt', 'title'].flatMap((s) => [
        `sortBy=${s}&sortOrder=asc`,
        `sortBy=${s}&sortOrder=desc`,
      ]),
      'category=impact',
      'search=field',
      'publishedFrom=2025-02-01&publishedTo=2025-03-31&sortBy=title',
    ];
    for (const query of queries) {
      const whole = (await call(t.app, 'GET', `/api/blogs?${query}`)).body as unknown[];
      expect(await walk(query, 5), query).toEqual(whole);
    }
  });

  it('lists each post as its own page shows it, every field of the contract', async () => {
    const page = (await call(t.app, 'GET', '/api/blogs?limit=100')).body as { id: string }[];
    expect(page).toHaveLength(23);
    for (const item of page) {
      expect(blog.strict().safeParse(item).success).toBe(true);
      expect(item).toEqual((await call(t.app, 'GET', `/api/blogs/${item.id}`)).body);
    }
  });

  it('refuses a cursor made for the grants listing', async () => {
    const grant = {
      title: 'a',
      category: 'b',
      donorAgency: 'c',
      grantSize: 'd',
      postDate: '2025-01-01',
      country: 'e',
      areaOfInterest: 'f',
    };
    await t.db.insert(grants).values([
      { ...grant, id: newId() },
      { ...grant, id: newId() },
    ]);
    const cursor = (await call(t.app, 'GET', '/api/grants?limit=1')).headers.get(NEXT_CURSOR_HEADER)!;
    expect(cursor).toBeTruthy();
    const res = await call(t.app, 'GET', `/api/blogs?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['cursor']);
  });
});
