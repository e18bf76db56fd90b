import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle has no tsvector type; the value is only ever read by Postgres itself. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/*
 * The derived columns below are GENERATED ... STORED, so every writer (API, seed, SQL by hand) keeps
 * them right and no application code ever sets them. Generated expressions may only use immutable
 * functions, which shapes several of them.
 */

/**
 * Lower-cased, trimmed items of a comma-separated list: ' south sudan ,Kenya' → {'south sudan','kenya'}.
 * Filters compare with `@>` against a GIN index instead of splitting the text on every row.
 */
const listKeys = (column: string) => sql.raw(`regexp_split_to_array(lower(trim("${column}")), '\\s*,\\s*')`);

/**
 * Text for full-text search with the 'simple' configuration (lower-case, no stemming, no stop words),
 * so a word prefix typed in the search box ('wat') finds the word ('Water') and names are never
 * stemmed. Punctuation becomes spaces first: the default parser would otherwise keep 'hiv/aids' or
 * 'e.g' as one token, which the query side (words of letters and digits) could not match.
 */
const searchVector = (columns: string[]) =>
  sql.raw(
    `to_tsvector('simple'::regconfig, regexp_replace(${columns.map((c) => `"${c}"`).join(` || ' ' || `)}, '[^[:alnum:]]+', ' ', 'g'))`,
  );

/** 'YYYY-MM-DD' from immutable functions only: date::text and to_char depend on settings (DateStyle). */
const isoDayText = (column: string) =>
  `lpad(extract(year from "${column}")::int::text, 4, '0') || '-' || ` +
  `lpad(extract(month from "${column}")::int::text, 2, '0') || '-' || ` +
  `lpad(extract(day from "${column}")::int::text, 2, '0')`;

/**
 * GIN indexes without the pending list: with fastupdate on, new entries wait in an unsorted list that
 * every search scans until VACUUM merges it, and the embedded database (PGlite) has no autovacuum.
 * Grants and blogs are written rarely, so the slower insert costs nothing noticeable.
 */
const ginWithoutPendingList = { fastupdate: false };

/**
 * The largest amount named in a free-text grant size, for sorting: the last number in the text
 * ('$5,000 - $25,000' → 25000, 'Up to $30,000' → 30000), times 1,000 / 1,000,000 / 1,000,000,000
 * when a k / m / million / bn / billion follows it. Currencies are not converted ('€400,000' counts as
 * 400000) and a size without digits ('Varies') is null, sorted last.
 */
const grantSizeAmount = sql.raw(
  `CASE WHEN "grant_size" ~ '[0-9]' THEN ` +
    `replace(substring("grant_size" from '([0-9][0-9,]*(?:\\.[0-9]+)?)[^0-9]*$'), ',', '')::numeric * ` +
    `CASE WHEN "grant_size" ~* '[0-9]\\s*(billion|bn)\\M[^0-9]*$' THEN 1000000000 ` +
    `WHEN "grant_size" ~* '[0-9]\\s*(million|mn|m)\\M[^0-9]*$' THEN 1000000 ` +
    `WHEN "grant_size" ~* '[0-9]\\s*(thousand|k)\\M[^0-9]*$' THEN 1000 ELSE 1 END END`,
);

/**
 * The grant as GET /api/grants lists it (contract `grantSummary`), serialised once per write instead
 * of once per row per request: the listing is then one string_agg, which keeps a filtered list of
 * thousands of grants within the latency budget (docs/performance.md). json_object() is the immutable
 * JSON builder; every value is text or null.
 */
const listingJson = sql.raw(
  `json_object(ARRAY['id', 'title', 'category', 'donorAgency', 'grantSize', 'postDate', 'deadlineDate', 'imageUrl', 'country', 'areaOfInterest'], ` +
    `ARRAY["id", "title", "category", "donor_agency", "grant_size", ${isoDayText('post_date')}, ${isoDayText('deadline_date')}, "image_url", "country", "area_of_interest"])`,
);

export const grants = pgTable(
  'grants',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    donorAgency: text('donor_agency').notNull(),
    grantSize: text('grant_size').notNull(),
    postDate: date('post_date', { mode: 'string' }).notNull(),
    deadlineDate: date('deadline_date', { mode: 'string' }),
    imageUrl: text('image_url'),
    // Comma-separated lists, as the spec's Grant entity stores them.
    country: text('country').notNull().default(''),
    areaOfInterest: text('area_of_interest').notNull().default(''),
    description: text('description').notNull().default(''),
    eligibility: text('eligibility').notNull().default(''),
    applicationUrl: text('application_url'),
    sourceUrl: text('source_url'),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    countryKeys: text('country_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(() => listKeys('country')),
    areaKeys: text('area_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(() => listKeys('area_of_interest')),
    grantSizeAmount: numeric('grant_size_amount').generatedAlwaysAs(() => grantSizeAmount),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() =>
        searchVector(['title', 'donor_agency', 'category', 'country', 'area_of_interest']),
      ),
    listingJson: text('listing_json')
      .notNull()
      .generatedAlwaysAs(() => listingJson),
  },
  (t) => [
    index('grants_post_date_idx').on(t.postDate),
    index('grants_deadline_idx').on(t.deadlineDate),
    index('grants_country_keys_idx').using('gin', t.countryKeys).with(ginWithoutPendingList),
    index('grants_area_keys_idx').using('gin', t.areaKeys).with(ginWithoutPendingList),
    index('grants_search_idx').using('gin', t.searchVector).with(ginWithoutPendingList),
    // The category filter compares lower(trim(category)); this is the same expression.
    index('grants_category_key_idx').on(sql`lower(trim(${t.category}))`),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull().default(''),
    summary: text('summary').notNull().default(''),
    // Markdown; rendered through a sanitiser on the client.
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    author: text('author').notNull().default(''),
    postDate: date('post_date', { mode: 'string' }).notNull(),
    source: text('source').notNull().default('manual'),
    tone: text('tone'),
    keywords: text('keywords'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() => searchVector(['title', 'summary', 'category', 'author', 'content'])),
  },
  (t) => [
    index('blogs_post_date_idx').on(t.postDate),
    index('blogs_search_idx').using('gin', t.searchVector).with(ginWithoutPendingList),
    index('blogs_category_key_idx').on(sql`lower(trim(${t.category}))`),
  ],
);
