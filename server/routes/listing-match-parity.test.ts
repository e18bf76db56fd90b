import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, grants } from '../db/schema';
import { newId } from '../services/ids';
import { call, createTestApp, type TestApp } from '../testing/test-app';
import type { Blog, BlogFilter } from '../../contract/blogs';
import type { GrantFilter, GrantSummary } from '../../contract/grants';
import {
  blogCategories,
  grantFilterOptions,
  matchesBlog,
  matchesGrant,
  searchWords,
  splitList,
} from '../../contract/listing-match';

const grant = (over: Partial<GrantSummary> = {}): GrantSummary => ({
  id: newId(),
  title: 'Clean Water for Rural Schools',
  category: 'Water & Sanitation',
  donorAgency: 'Blue Planet Water Alliance',
  grantSize: '$10,000 - $50,000',
  postDate: '2025-03-10',
  deadlineDate: '2025-06-30',
  imageUrl: null,
  country: ' south sudan ,Kenya',
  areaOfInterest: 'Clean Water,  WASH in Schools ',
  ...over,
});

const blog = (over: Partial<Blog> = {}): Blog => ({
  id: newId(),
  title: 'Five ways to thank donors',
  category: 'Fundraising',
  summary: 'Gratitude keeps supporters giving.',
  content: '## Say thanks\n\nCall within **48 hours**; e-mail the receipt.',
  imageUrl: null,
  author: 'Amina Okafor',
  postDate: '2025-04-02',
  source: 'manual',
  createdAt: '2025-04-02T08:00:00.000Z',
  generatedAt: null,
  tone: null,
  keywords: null,
  ...over,
});

describe('splitList', () => {
  it('splits on commas and trims, dropping empty items', () => {
    expect(splitList(' south sudan ,Kenya,, ,Uganda ')).toEqual(['south sudan', 'Kenya', 'Uganda']);
    expect(splitList('Global')).toEqual(['Global']);
  });
  it('gives nothing for empty values', () => {
    expect(splitList('')).toEqual([]);
    expect(splitList(' , ,')).toEqual([]);
    expect(splitList(null)).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });
});

describe('searchWords', () => {
  it('takes runs of letters and digits, lower-cased and distinct', () => {
    expect(searchWords('  Clean   WAT ')).toEqual(['clean', 'wat']);
    expect(searchWords('HIV/AIDS, e-mail')).toEqual(['hiv', 'aids', 'e', 'mail']);
    expect(searchWords('Água São-Tomé 2025')).toEqual(['água', 'são', 'tomé', '2025']);
    expect(searchWords('water Water WATER')).toEqual(['water']);
  });
  it('finds no word in blank input or punctuation alone', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('!?-/&')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
  it('keeps at most 12 words', () => {
    const words = Array.from({ length: 15 }, (_, i) => `w${i}`);
    expect(searchWords(words.join(' '))).toEqual(words.slice(0, 12));
  });
});

describe('matchesGrant', () => {
  const g = grant();

  it('lists everything when no filter is given, or only blank ones', () => {
    expect(matchesGrant(g)).toBe(true);
    expect(matchesGrant(g, {})).toBe(true);
    expect(
      matchesGrant(g, {
        country: '  ',
        areaOfInterest: '',
        category: ' ',
        publishedFrom: '',
        publishedTo: '',
        search: ' - ',
      }),
    ).toBe(true);
  });

  it('matches a country or area against any list item, trimmed and in any case', () => {
    expect(matchesGrant(g, { country: 'SOUTH SUDAN' })).toBe(true);
    expect(matchesGrant(g, { country: ' kenya ' })).toBe(true);
    expect(matchesGrant(g, { areaOfInterest: 'wash in schools' })).toBe(true);
    // A whole item, never a part of one.
    expect(matchesGrant(g, { country: 'Sudan' })).toBe(false);
    expect(matchesGrant(g, { country: 'south' })).toBe(false);
    expect(matchesGrant(g, { areaOfInterest: 'Water' })).toBe(false);
  });

  it('matches the trimmed category in any case, and only all of it', () => {
    const spaced = grant({ category: ' health ' });
    expect(matchesGrant(spaced, { category: 'Health' })).toBe(true);
    expect(matchesGrant(spaced, { category: ' HEALTH ' })).toBe(true);
    expect(matchesGrant(spaced, { category: 'Heal' })).toBe(false);
  });

  it('treats both published dates as inclusive bounds on postDate', () => {
    expect(matchesGrant(g, { publishedFrom: '2025-03-10' })).toBe(true);
    expect(matchesGrant(g, { publishedTo: '2025-03-10' })).toBe(true);
    expect(matchesGrant(g, { publishedFrom: '2025-03-10', publishedTo: '2025-03-10' })).toBe(true);
    expect(matchesGrant(g, { publishedFrom: '2025-03-11' })).toBe(false);
    expect(matchesGrant(g, { publishedTo: '2025-03-09' })).toBe(false);
  });

  it('searches word prefixes over title, donor, category, countries and areas; every word must match', () => {
    expect(matchesGrant(g, { search: 'clean' })).toBe(true);
    expect(matchesGrant(g, { search: 'CLE wat' })).toBe(true);
    expect(matchesGrant(g, { search: 'blue planet' })).toBe(true);
    expect(matchesGrant(g, { search: 'sanit' })).toBe(true);
    expect(matchesGrant(g, { search: 'sudan' })).toBe(true);
    expect(matchesGrant(g, { search: 'wash' })).toBe(true);
    // A prefix of a word, not a part inside it.
    expect(matchesGrant(g, { search: 'lean' })).toBe(false);
    expect(matchesGrant(g, { search: 'clean mountains' })).toBe(false);
    // The grant size and dates are not searched.
    expect(matchesGrant(g, { search: '50' })).toBe(false);
  });

  it('combines filters with AND', () => {
    expect(matchesGrant(g, { country: 'kenya', search: 'water', publishedTo: '2025-12-31' })).toBe(true);
    expect(matchesGrant(g, { country: 'kenya', search: 'youth' })).toBe(false);
  });
});

describe('matchesBlog', () => {
  const b = blog();

  it('searches title, summary, category, content and author by word prefix', () => {
    expect(matchesBlog(b)).toBe(true);
    expect(matchesBlog(b, { search: 'thank' })).toBe(true);
    expect(matchesBlog(b, { search: 'gratit' })).toBe(true);
    expect(matchesBlog(b, { search: 'fundr' })).toBe(true);
    expect(matchesBlog(b, { search: 'RECEIPT' })).toBe(true);
    expect(matchesBlog(b, { search: 'okafor 48' })).toBe(true);
    expect(matchesBlog(b, { search: 'mail' })).toBe(true);
    expect(matchesBlog(b, { search: 'donors zebra' })).toBe(false);
  });

  it('matches the trimmed category in any case and inclusive dates', () => {
    expect(matchesBlog(blog({ category: ' Fundraising ' }), { category: 'fundraising' })).toBe(true);
    expect(matchesBlog(b, { category: 'Fund' })).toBe(false);
    expect(matchesBlog(b, { publishedFrom: '2025-04-02', publishedTo: '2025-04-02' })).toBe(true);
    expect(matchesBlog(b, { publishedFrom: '2025-04-03' })).toBe(false);
    expect(matchesBlog(b, { publishedTo: '2025-04-01' })).toBe(false);
  });
});

describe('filter options', () => {
  it('gives distinct trimmed countries, areas and categories, without letter case, sorted', () => {
    const options = grantFilterOptions([
      grant({ country: ' south sudan ,Kenya', areaOfInterest: 'Clean Water,  WASH ', category: ' Health ' }),
      grant({ country: 'KENYA, Uganda,', areaOfInterest: 'clean water', category: 'health' }),
      grant({ country: '', areaOfInterest: ' , ', category: 'Education' }),
      grant({ country: 'Ásia', areaOfInterest: 'Agriculture', category: '  ' }),
    ]);
    expect(options).toEqual({
      countries: ['Ásia', 'Kenya', 'south sudan', 'Uganda'],
      areas: ['Agriculture', 'Clean Water', 'WASH'],
      categories: ['Education', 'Health'],
    });
  });

  it('gives empty options for no results', () => {
    expect(grantFilterOptions([])).toEqual({ countries: [], areas: [], categories: [] });
    expect(blogCategories([])).toEqual([]);
  });

  it('gives distinct trimmed blog categories', () => {
    expect(
      blogCategories([
        blog({ category: 'Impact ' }),
        blog({ category: 'fundraising' }),
        blog({ category: 'impact' }),
        blog({ category: '' }),
      ]),
    ).toEqual(['fundraising', 'Impact']);
  });
});

/*
 * The point of this module: the same answer as the server. The fixtures above go into a real
 * database and every filter set is asked of the API and of matchesGrant / matchesBlog.
 */
describe('agrees with the API', () => {
  let t: TestApp;
  const grantRows = [
    grant(),
    grant({ title: 'maternal Health Innovation Fund', category: ' health ', country: 'Rwanda' }),
    grant({
      title: 'Youth Skills Grants',
      category: 'Youth Empowerment',
      donorAgency: 'Kite Youth Foundation',
      postDate: '2025-02-15',
      country: 'KENYA, Uganda',
      areaOfInterest: 'Skills Training, Entrepreneurship',
    }),
    grant({
      title: 'HIV/AIDS Community Response',
      category: 'Health',
      postDate: '2025-03-11',
      country: 'South Sudanese Diaspora, Ethiopia',
      areaOfInterest: 'HIV/AIDS',
    }),
    grant({ title: 'Água para Todos', country: 'Moçambique', areaOfInterest: '', postDate: '2025-01-01' }),
  ];
  const blogRows = [
    blog(),
    blog({ title: 'Impact reports that land', category: ' Impact ', postDate: '2025-05-01' }),
    blog({ title: 'Grant writing 101', category: 'impact', content: 'Start early.', author: 'Li Wei' }),
  ];

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(grants).values(grantRows);
    await t.db.insert(blogs).values(
      blogRows.map((b) => ({
        ...b,
        createdAt: new Date(b.createdAt),
        generatedAt: b.generatedAt ? new Date(b.generatedAt) : null,
      })),
    );
  });
  afterAll(() => t.close());

  const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();
  const query = (filters: object) => new URLSearchParams(filters as Record<string, string>).toString();

  it.each<GrantFilter>([
    {},
    { country: 'south sudan' },
    { country: ' KENYA ' },
    { country: 'Sudan' },
    { areaOfInterest: 'wash in schools' },
    { category: 'HEALTH' },
    { publishedFrom: '2025-03-10' },
    { publishedTo: '2025-03-10' },
    { publishedFrom: '2025-02-15', publishedTo: '2025-03-10' },
    { search: 'clean wat' },
    { search: 'HIV aids' },
    { search: 'sudan' },
    { search: 'agu' },
    { search: 'moç' },
    { search: 'lean' },
    { search: '!!' },
    { search: 'kenya youth', category: 'youth empowerment' },
  ])('grants %o', async (filters) => {
    const res = await call(t.app, 'GET', `/api/grants?${query(filters)}`);
    expect(res.status).toBe(200);
    expect(ids(res.body as GrantSummary[])).toEqual(ids(grantRows.filter((g) => matchesGrant(g, filters))));
  });

  it.each<BlogFilter>([
    {},
    { category: 'impact' },
    { category: ' Fundraising ' },
    { publishedFrom: '2025-04-02', publishedTo: '2025-04-02' },
    { search: 'thank donors' },
    { search: 'receipt' },
    { search: 'li' },
    { search: 'impact land' },
    { search: 'zzz' },
  ])('blogs %o', async (filters) => {
    const res = await call(t.app, 'GET', `/api/blogs?${query(filters)}`);
    expect(res.status).toBe(200);
    expect(ids(res.body as Blog[])).toEqual(ids(blogRows.filter((b) => matchesBlog(b, filters))));
  });
});
