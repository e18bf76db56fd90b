import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Blog,
  BlogListFilters,
  createBlogBody,
  generateBlogBody,
  GeneratedBlog,
  GeneratedSimpleBlog,
} from '../../../contract/blogs';
import type { PageQuery } from '../../../contract/paging';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db';
import { blogs } from '../../db/schema';
import type { AuthUser } from '../../http/context';
import { ApiError } from '../../services/api-error';
import type { Ai } from '../../services/ai';
import { newId } from '../../services/ids';
import {
  orderByKeys,
  readJsonPage,
  sortKey,
  type JsonPage,
  type SortKey,
} from '../../services/keyset-paging';
import { contentConditions } from '../../services/search';
import { advancedBlogMessages, simpleBlogMessages, splitGeneratedMarkdown } from './blog-generation';

export const blogNotFoundMessage = 'Blog not found.';
const notFound = () => new ApiError(404, blogNotFoundMessage);

const blogColumns = {
  id: blogs.id,
  title: blogs.title,
  category: blogs.category,
  summary: blogs.summary,
  content: blogs.content,
  imageUrl: blogs.imageUrl,
  author: blogs.author,
  postDate: blogs.postDate,
  source: blogs.source,
  createdAt: blogs.createdAt,
  generatedAt: blogs.generatedAt,
  tone: blogs.tone,
  keywords: blogs.keywords,
};
type BlogRow = Pick<typeof blogs.$inferSelect, keyof typeof blogColumns>;

function toBlog(row: BlogRow): Blog {
  return {
    ...row,
    // Only this API writes the column, and only these two values.
    source: row.source === 'generated' ? 'generated' : 'manual',
    createdAt: row.createdAt.toISOString(),
    generatedAt: row.generatedAt?.toISOString() ?? null,
  };
}

/** 'YYYY-MM-DD' of the UTC day of `now`: a blank post date means "today" in UTC, as times are stored. */
export const utcToday = (now: Date) => now.toISOString().slice(0, 10);

/** The listing's WHERE clause: the filters it shares with the grants listing (services/search.ts). */
export function blogConditions(f: BlogListFilters): SQL | undefined {
  const conditions = contentConditions(blogs, f);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The order of a listing, as sort keys (services/keyset-paging.ts builds the ORDER BY and the next
 * page's condition from them). The id comes last, so equal keys always list in the same order (and
 * give the same ETag).
 */
export function blogSortKeys(f: Pick<BlogListFilters, 'sortBy' | 'sortOrder'>): SortKey[] {
  const dir = f.sortOrder === 'asc' ? 'asc' : 'desc';
  const id = sortKey(sql`${blogs.id}`, 'text', dir);
  switch (f.sortBy) {
    case 'title':
      return [
        sortKey(sql`lower(${blogs.title})`, 'text', dir),
        sortKey(sql`${blogs.title}`, 'text', dir),
        id,
      ];
    case 'createdAt':
      return [sortKey(sql`${blogs.createdAt}`, 'timestamptz', dir), id];
    case 'postDate':
    default:
      // Same-day posts: the one saved last is the newer one.
      return [
        sortKey(sql`${blogs.postDate}`, 'date', dir),
        sortKey(sql`${blogs.createdAt}`, 'timestamptz', dir),
        id,
      ];
  }
}

/** A UTC instant as `Date.toISOString()` writes it (milliseconds, truncated as the drivers do). */
const isoInstant = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A blog as the listing answers it (contract `blog`), written by Postgres, so a page is one
 * string_agg like the grants' pages. The API test compares it field by field with toBlog's.
 */
const blogItemJson = sql<string>`json_build_object(
  'id', ${blogs.id}, 'title', ${blogs.title}, 'category', ${blogs.category}, 'summary', ${blogs.summary},
  'content', ${blogs.content}, 'imageUrl', ${blogs.imageUrl}, 'author', ${blogs.author},
  'postDate', to_char(${blogs.postDate}, 'YYYY-MM-DD'),
  'source', case when ${blogs.source} = 'generated' then 'generated' else 'manual' end,
  'createdAt', ${isoInstant(blogs.createdAt)}, 'generatedAt', ${isoInstant(blogs.generatedAt)},
  'tone', ${blogs.tone}, 'keywords', ${blogs.keywords})::text`;

/** One page of the listing (contract/paging.ts): the same items, in the same order, as the whole list. */
export function listBlogsPage(db: DbExecutor, f: BlogListFilters, page: PageQuery): Promise<JsonPage> {
  return readJsonPage(
    db,
    { from: sql`${blogs}`, where: blogConditions(f), item: blogItemJson, keys: blogSortKeys(f) },
    { listing: 'blogs', filters: f, page },
  );
}

export async function listBlogs(db: DbExecutor, f: BlogListFilters): Promise<Blog[]> {
  const rows = await db
    .select(blogColumns)
    .from(blogs)
    .where(blogConditions(f))
    .orderBy(orderByKeys(blogSortKeys(f)));
  return rows.map(toBlog);
}

export async function getBlog(db: DbExecutor, id: string): Promise<Blog> {
  const [row] = await db.select(blogColumns).from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!row) throw notFound();
  return toBlog(row);
}

export async function createBlog(
  db: DbExecutor,
  user: AuthUser,
  body: z.output<typeof createBlogBody>,
  now = new Date(),
): Promise<Blog> {
  const generated = body.source === 'generated';
  const [row] = await db
    .insert(blogs)
    .values({
      id: newId(),
      title: body.title,
      category: body.category,
      summary: body.summary,
      // Stored exactly as written: sanitising is the renderer's job, and trimming would change Markdown.
      content: body.content,
      imageUrl: body.imageUrl,
      author: user.name.trim() || user.email,
      postDate: body.postDate ?? utcToday(now),
      source: body.source,
      tone: body.tone,
      keywords: body.keywords,
      generatedAt: generated ? new Date(body.generatedAt ?? now) : null,
      // The client's createdAt is ignored: the server's clock decides.
      createdAt: now,
    })
    .returning(blogColumns);
  if (!row) throw new Error('insert returned no row');
  return toBlog(row);
}

export async function deleteBlog(db: DbExecutor, id: string): Promise<void> {
  const deleted = await db.delete(blogs).where(eq(blogs.id, id)).returning({ id: blogs.id });
  if (deleted.length === 0) throw notFound();
}

const caller = (user: AuthUser) => ({ ngoId: user.ngoId || null, userId: user.id });

/** Advanced generation (title, category, summary, tone, keywords): a draft to review, nothing saved. */
export async function generateBlog(
  db: DbExecutor,
  ai: Ai,
  user: AuthUser,
  body: z.output<typeof generateBlogBody>,
): Promise<GeneratedBlog> {
  const completion = await ai.complete(db, advancedBlogMessages(body), {
    feature: 'blog-generate',
    ...caller(user),
  });
  // The title is the user's; a heading the model added anyway is dropped.
  const { content } = splitGeneratedMarkdown(completion.content);
  return {
    title: body.title,
    category: body.category,
    summary: body.summary,
    tone: body.tone,
    keywords: body.keywords,
    content,
  };
}

/** Simple generation from one description; the model's own title comes back when it gave one. */
export async function generateSimpleBlog(
  db: DbExecutor,
  ai: Ai,
  user: AuthUser,
  prompt: string,
): Promise<GeneratedSimpleBlog> {
  const completion = await ai.complete(db, simpleBlogMessages(prompt), {
    feature: 'blog-generate-simple',
    ...caller(user),
  });
  const { title, content } = splitGeneratedMarkdown(completion.content);
  return title ? { title, content } : { content };
}
