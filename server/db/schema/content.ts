import { boolean, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('grants_post_date_idx').on(t.postDate), index('grants_deadline_idx').on(t.deadlineDate)],
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
  },
  (t) => [index('blogs_post_date_idx').on(t.postDate)],
);
