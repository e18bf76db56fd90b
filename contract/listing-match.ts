import type { Blog, BlogFilter } from './blogs';
import type { GrantFilter, GrantSummary } from './grants';

/*
 * The listings' filter rules as pure functions, with exactly the semantics of GET /api/grants and
 * GET /api/blogs (routes/grants/grants.handlers.ts, routes/blogs/blogs.handlers.ts, services/search.ts).
 * The client uses them to filter an already loaded list as the user types, and (issue 5) to filter
 * the cached list offline: a list filtered here must equal the one the server would answer.
 * No zod and no runtime imports, so they cost a public page almost nothing.
 */

/** Same token rule as services/search.ts and the generated search columns: runs of letters, marks and digits. */
const WORD = /[\p{L}\p{M}\p{Nd}]+/gu;
/** services/search.ts keeps at most this many distinct words of a search. */
export const MAX_SEARCH_WORDS = 12;

/**
 * The filters both listings share (GrantFilter and BlogFilter have them): category (the trimmed
 * category, any letter case), publishedFrom and publishedTo (inclusive YYYY-MM-DD bounds on postDate),
 * search (every word must start some word of the searched fields, any letter case). Blank or missing
 * values mean "not given", as on the server.
 */
type SharedFilter = Pick<GrantFilter, 'category' | 'publishedFrom' | 'publishedTo' | 'search'>;

type GrantFields = Pick<
  GrantSummary,
  'title' | 'donorAgency' | 'category' | 'country' | 'areaOfInterest' | 'postDate'
>;
type BlogFields = Pick<Blog, 'title' | 'summary' | 'category' | 'content' | 'author' | 'postDate'>;

/** ' Kenya, ,south sudan ' → ['Kenya', 'south sudan']: the items of a comma-separated list. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The words a search looks for, lower-cased, as services/search.ts takes them: distinct runs of
 * letters and digits, the first 12 kept. Punctuation alone gives no word, which means no search.
 */
export function searchWords(input: string | null | undefined): string[] {
  if (!input) return [];
  const words = [...new Set(input.match(WORD) ?? [])].slice(0, MAX_SEARCH_WORDS);
  return [...new Set(words.map((w) => w.toLowerCase()))];
}

const textWords = (text: string) => (text.match(WORD) ?? []).map((w) => w.toLowerCase());

// Tokenising a record's text is the costly part of a match; each loaded record is tokenised once,
// so filtering 10,000 grants on every keystroke only compares prefixes. Keyed weakly: records that
// leave the query cache are collected with their words.
const wordCache = new WeakMap<object, readonly string[]>();

function wordsOf(record: object, fields: () => string[]): readonly string[] {
  let words = wordCache.get(record);
  if (!words) {
    words = [...new Set(fields().flatMap(textWords))];
    wordCache.set(record, words);
  }
  return words;
}

/** The searched fields of a grant, as the server's search column lists them. */
const grantWords = (g: GrantFields) =>
  wordsOf(g, () => [g.title, g.donorAgency, g.category, g.country, g.areaOfInterest]);

/** True when every search word starts some word of the record (to_tsquery 'simple' with `:*`). */
function matchesWords(words: readonly string[], query: readonly string[]): boolean {
  return query.every((q) => words.some((w) => w.startsWith(q)));
}

const given = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A prepared filter: true when the record would be listed. */
export type Check<T> = (record: T) => boolean;

/** The checks both listings share, prepared once: lower(trim(category)) = lower(filter), inclusive days. */
function commonChecks<T extends { category: string; postDate: string }>(f: SharedFilter): Check<T>[] {
  const checks: Check<T>[] = [];
  const category = given(f.category)?.toLowerCase();
  if (category) checks.push((r) => r.category.trim().toLowerCase() === category);
  // YYYY-MM-DD strings order like the days they name; both bounds are inclusive.
  const from = given(f.publishedFrom);
  if (from) checks.push((r) => r.postDate >= from);
  const to = given(f.publishedTo);
  if (to) checks.push((r) => r.postDate <= to);
  return checks;
}

/** Any trimmed item of the comma-separated list equals the wanted value, in any letter case. */
const listCheck = <T>(wanted: string | undefined, list: (r: T) => string): Check<T> | null => {
  const key = given(wanted)?.toLowerCase();
  return key ? (r) => splitList(list(r)).some((item) => item.toLowerCase() === key) : null;
};

const allOf =
  <T>(checks: (Check<T> | null)[]): Check<T> =>
  (record) => {
    for (const check of checks) if (check && !check(record)) return false;
    return true;
  };

/**
 * A predicate for GET /api/grants with these filters: the filters are read once, so running it over
 * 10,000 loaded grants on every keystroke costs only the comparisons.
 */
export function grantMatcher(filters: GrantFilter = {}): Check<GrantFields> {
  const query = searchWords(filters.search);
  return allOf<GrantFields>([
    listCheck(filters.country, (g) => g.country),
    listCheck(filters.areaOfInterest, (g) => g.areaOfInterest),
    ...commonChecks<GrantFields>(filters),
    query.length ? (g) => matchesWords(grantWords(g), query) : null,
  ]);
}

/** A predicate for GET /api/blogs with these filters, prepared once like grantMatcher. */
export function blogMatcher(filters: BlogFilter = {}): Check<BlogFields> {
  const query = searchWords(filters.search);
  return allOf<BlogFields>([
    ...commonChecks<BlogFields>(filters),
    query.length
      ? (b) =>
          matchesWords(
            wordsOf(b, () => [b.title, b.summary, b.category, b.content, b.author]),
            query,
          )
      : null,
  ]);
}

/**
 * Tokenises grants for search ahead of time (an idle moment after a list arrives), so the first
 * keystroke does not pay for 10,000 records at once. Only a speed-up: matching works without it.
 */
export function warmGrantSearch(grants: readonly GrantFields[], from = 0, to = grants.length): void {
  for (let i = from; i < Math.min(to, grants.length); i++) {
    grantWords(grants[i]!);
  }
}

/** Whether GET /api/grants with these filters would list this grant. */
export function matchesGrant(grant: GrantFields, filters: GrantFilter = {}): boolean {
  return grantMatcher(filters)(grant);
}

/** Whether GET /api/blogs with these filters would list this post. */
export function matchesBlog(blog: BlogFields, filters: BlogFilter = {}): boolean {
  return blogMatcher(filters)(blog);
}

// One collator for every sort: localeCompare with options builds a new one per comparison, which
// made the options of one page of grants cost tens of milliseconds on a slow phone.
let collator: Intl.Collator | undefined;
const compareBase = (a: string, b: string) =>
  (collator ??= new Intl.Collator('en', { sensitivity: 'base' })).compare(a, b);

/**
 * Distinct values, compared without letter case (the first spelling met is kept), sorted
 * alphabetically without letter case. Blank values are dropped.
 */
function distinctSorted(values: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const value of values) {
    const trimmed = value.trim();
    const key = trimmed.toLowerCase();
    if (trimmed && !byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort((a, b) => compareBase(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

export interface GrantFilterOptions {
  countries: string[];
  areas: string[];
  categories: string[];
}

/** SPEC §3 filter options of the grants listing, derived from the loaded results. */
export function grantFilterOptions(
  grants: readonly Pick<GrantSummary, 'country' | 'areaOfInterest' | 'category'>[],
): GrantFilterOptions {
  return {
    countries: distinctSorted(grants.flatMap((g) => splitList(g.country))),
    areas: distinctSorted(grants.flatMap((g) => splitList(g.areaOfInterest))),
    categories: distinctSorted(grants.map((g) => g.category)),
  };
}

/** SPEC §3 category options of the blogs listing, derived from the loaded results. */
export function blogCategories(blogs: readonly Pick<Blog, 'category'>[]): string[] {
  return distinctSorted(blogs.map((b) => b.category));
}
