import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCause } from '../testing/payments';
import { call, createTestApp, type TestApp } from '../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../testing/users';

/*
 * Issue 11, defect 3: a NUL byte in a path, query or JSON string, or a date outside what a column
 * holds, was a 500 from the database. Each is now a 400 in the one error shape, naming the field
 * (contract/storable.ts). The cases are the ones the probe found, plus their neighbours.
 */

let t: TestApp;
let superAdmin: TestUser;
let ngoAdmin: TestUser;
let causeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t);
  superAdmin = await createTestUser(t, { ngoId, role: 'SUPER_ADMIN' });
  ngoAdmin = await createTestUser(t, { ngoId, role: 'NGO_ADMIN' });
  causeId = await createTestCause(t, ngoId);
});
afterAll(() => t.close());

const validGrant = {
  title: 'Water',
  category: 'Health',
  donorAgency: 'Fund',
  grantSize: '$1,000',
  postDate: '2025-01-10',
};
const validCause = { title: 'Clean water', goalMinor: 100_000, currency: 'RWF' };
const validBlog = { title: 'News', content: 'Text' };

type Case = [
  name: string,
  method: string,
  path: string,
  body: unknown,
  who: 'none' | 'super' | 'ngoAdmin',
  field: string,
];

const cases = (): Case[] => [
  // NUL in a path parameter
  ['grant id', 'GET', '/api/grants/%00', undefined, 'none', 'id'],
  ['grant id (PATCH)', 'PATCH', '/api/grants/a%00b', { title: 'x' }, 'super', 'id'],
  ['grant id (DELETE)', 'DELETE', '/api/grants/%00', undefined, 'super', 'id'],
  ['blog id', 'GET', '/api/blogs/%00', undefined, 'none', 'id'],
  ['blog id (DELETE)', 'DELETE', '/api/blogs/%00', undefined, 'super', 'id'],
  ['cause id', 'GET', '/api/causes/%00', undefined, 'ngoAdmin', 'causeId'],
  ['public cause id', 'GET', '/api/causes/x%00/public', undefined, 'none', 'causeId'],
  ['cause id (DELETE)', 'DELETE', '/api/causes/%00', undefined, 'ngoAdmin', 'causeId'],
  // NUL in a query parameter
  [
    'verify tx_ref',
    'GET',
    '/api/payments/flutterwave/verify?tx_ref=%00&transaction_id=1',
    undefined,
    'ngoAdmin',
    'tx_ref',
  ],
  [
    'verify transaction_id',
    'GET',
    '/api/payments/flutterwave/verify?tx_ref=SUB-x-y&transaction_id=1%00',
    undefined,
    'ngoAdmin',
    'transaction_id',
  ],
  ['grants category', 'GET', '/api/grants?category=%00', undefined, 'none', 'category'],
  ['blogs search', 'GET', '/api/blogs?search=a%00', undefined, 'none', 'search'],
  // NUL (or a lone surrogate) in a JSON string
  [
    'sign-up name',
    'POST',
    '/api/auth/signup',
    { name: 'Ana\u0000', email: 'ana@example.org', password: 'long enough', organizationName: 'Relief' },
    'none',
    'name',
  ],
  [
    'sign-up organisation',
    'POST',
    '/api/auth/signup',
    { name: 'Ana', email: 'ana@example.org', password: 'long enough', organizationName: 'Re\u0000lief' },
    'none',
    'organizationName',
  ],
  [
    'sign-in password',
    'POST',
    '/api/auth/signin',
    { email: 'ana@example.org', password: 'pass\u0000word' },
    'none',
    'password',
  ],
  ['verify-email token', 'POST', '/api/auth/verify-email', { token: '0123456789\u0000' }, 'none', 'token'],
  [
    'donor name',
    'POST',
    '/api/payments/flutterwave/checkout/donation',
    { causeId: '<cause>', amountMinor: 5_000, donorName: 'Ana\u0000' },
    'none',
    'donorName',
  ],
  [
    'donation cause id',
    'POST',
    '/api/payments/flutterwave/checkout/donation',
    { causeId: 'x\u0000', amountMinor: 5_000 },
    'none',
    'causeId',
  ],
  [
    'donation confirm txRef',
    'POST',
    '/api/payments/flutterwave/donations/confirm',
    { txRef: 'DON-x\u0000-y' },
    'none',
    'txRef',
  ],
  [
    'contact name',
    'POST',
    '/api/marketing/contact',
    { name: '\u0000', email: 'ana@example.org', subject: 'Hello', message: 'A long enough message.' },
    'none',
    'name',
  ],
  ['visit url', 'POST', '/api/marketing/track-visit', { url: '/pricing\u0000' }, 'none', 'url'],
  ['grant title', 'POST', '/api/grants', { ...validGrant, title: 'Water\u0000' }, 'super', 'title'],
  [
    'grant title, lone surrogate',
    'POST',
    '/api/grants',
    { ...validGrant, title: 'Water\ud800' },
    'super',
    'title',
  ],
  ['cause story', 'POST', '/api/causes', { ...validCause, story: 'Story\u0000' }, 'ngoAdmin', 'story'],
  ['blog content', 'POST', '/api/blogs', { ...validBlog, content: 'Text\u0000' }, 'super', 'content'],
  // Year 0000 and other dates a column cannot hold
  ['grants publishedFrom', 'GET', '/api/grants?publishedFrom=0000-01-01', undefined, 'none', 'publishedFrom'],
  ['grants publishedTo', 'GET', '/api/grants?publishedTo=0000-12-31', undefined, 'none', 'publishedTo'],
  ['blogs publishedFrom', 'GET', '/api/blogs?publishedFrom=0000-01-01', undefined, 'none', 'publishedFrom'],
  ['blogs publishedTo', 'GET', '/api/blogs?publishedTo=0000-01-01', undefined, 'none', 'publishedTo'],
  ['cause endDate', 'POST', '/api/causes', { ...validCause, endDate: '0000-01-01' }, 'ngoAdmin', 'endDate'],
  ['cause endDate (PATCH)', 'PATCH', '/api/causes/<cause>', { endDate: '0000-01-01' }, 'ngoAdmin', 'endDate'],
  ['grant postDate', 'POST', '/api/grants', { ...validGrant, postDate: '0000-01-01' }, 'super', 'postDate'],
  [
    'grant postDate (PATCH)',
    'PATCH',
    '/api/grants/anything',
    { postDate: '0000-02-29' },
    'super',
    'postDate',
  ],
  [
    'grant deadlineDate',
    'POST',
    '/api/grants',
    { ...validGrant, deadlineDate: '0050-06-15' },
    'super',
    'deadlineDate',
  ],
  ['blog postDate', 'POST', '/api/blogs', { ...validBlog, postDate: '0000-01-01' }, 'super', 'postDate'],
  [
    'blog generatedAt',
    'POST',
    '/api/blogs',
    { ...validBlog, source: 'generated', generatedAt: '0000-01-01T00:00:00Z' },
    'super',
    'generatedAt',
  ],
  [
    'blog generatedAt past 9999 in UTC',
    'POST',
    '/api/blogs',
    { ...validBlog, source: 'generated', generatedAt: '9999-12-31T23:59:59-05:00' },
    'super',
    'generatedAt',
  ],
];

describe('input Postgres cannot store is a 400 naming the field', () => {
  it.each(cases())('%s', async (_name, method, path, body, who, field) => {
    const token = who === 'super' ? superAdmin.token : who === 'ngoAdmin' ? ngoAdmin.token : undefined;
    const withCause = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll('<cause>', causeId)) as unknown;
    const res = await call(
      t.app,
      method,
      path.replace('<cause>', causeId),
      body === undefined ? undefined : withCause(body),
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(Object.keys(res.body.fields as object)).toContain(field);
  });

  it('still takes the storable extremes: 1900-01-01 and 9999-12-31', async () => {
    for (const postDate of ['1900-01-01', '9999-12-31']) {
      const res = await call(t.app, 'POST', '/api/grants', { ...validGrant, postDate }, superAdmin.token);
      expect(res.status, postDate).toBe(201);
      expect(res.body.postDate).toBe(postDate);
    }
    const blog = await call(
      t.app,
      'POST',
      '/api/blogs',
      { ...validBlog, source: 'generated', generatedAt: '9999-12-31T23:59:59.999Z', postDate: '1900-01-01' },
      superAdmin.token,
    );
    expect(blog.status).toBe(201);
    expect(blog.body).toMatchObject({ generatedAt: '9999-12-31T23:59:59.999Z', postDate: '1900-01-01' });
    const listed = await call(t.app, 'GET', '/api/grants?publishedFrom=1900-01-01&publishedTo=9999-12-31');
    expect(listed.status).toBe(200);
  });

  it('keeps an unknown but storable id a 404', async () => {
    expect((await call(t.app, 'GET', '/api/grants/no-such-grant')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/causes/no-such-cause/public')).status).toBe(404);
  });
});
