import { z } from 'zod';
import {
  optionalHttpUrl,
  optionalText,
  publishedRangeIssue,
  publishedRangeValid,
  queryDay,
  querySearch,
  querySortBy,
  querySortOrder,
  queryText,
  requiredText,
} from './content-common';
import { pageQuery } from './paging';
import { dayOrBlank, instantOrBlank, text } from './storable';

export { contentIdParams as blogIdParams, sortOrders, type SortOrder } from './content-common';

export const blogSortFields = ['postDate', 'title', 'createdAt'] as const;
export type BlogSortField = (typeof blogSortFields)[number];

/** SPEC §5: informative is the default. */
export const blogTones = ['informative', 'inspirational', 'casual', 'formal'] as const;
export type BlogTone = (typeof blogTones)[number];

export const blogSources = ['manual', 'generated'] as const;
export type BlogSource = (typeof blogSources)[number];

/** Markdown content limit: generous for an article, small enough for the 1 MB request limit. */
export const BLOG_CONTENT_MAX_CHARS = 100_000;

/**
 * GET /api/blogs query (SPEC §7). Every parameter is optional and blank means "not given".
 * - category: the trimmed category, any letter case.
 * - publishedFrom, publishedTo: inclusive bounds on postDate (YYYY-MM-DD).
 * - search: word prefixes over title, summary, category, content and author; every word must match.
 * - sortBy (default postDate), sortOrder (default desc).
 */
const blogListFields = {
  category: queryText('Category'),
  publishedFrom: queryDay('Published from'),
  publishedTo: queryDay('Published to'),
  search: querySearch,
  sortBy: querySortBy(blogSortFields, 'postDate'),
  sortOrder: querySortOrder,
};
export const blogListQuery = z.object(blogListFields).refine(publishedRangeValid, publishedRangeIssue());
export type BlogListQuery = z.input<typeof blogListQuery>;
export type BlogListFilters = z.output<typeof blogListQuery>;
/**
 * A blogs filter as the client holds it everywhere (URL, form, query key, offline matching): the
 * query's own fields, each optional; blank means "not given". Paging is not part of a filter.
 */
export type BlogFilter = Partial<Omit<BlogListFilters, 'limit' | 'cursor'>>;
/** The same query with the paging parameters of contract/paging.ts (`limit`, `cursor`). */
export const blogListPageQuery = z
  .object({ ...blogListFields, ...pageQuery.shape })
  .refine(publishedRangeValid, publishedRangeIssue());

/** A blog post with every field of SPEC §3. */
export const blog = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  summary: z.string(),
  /** Markdown, as saved: sanitise when rendering. */
  content: z.string(),
  /** Null means the default blog image (so does the legacy value 'blog-default.png'). */
  imageUrl: z.string().nullable(),
  author: z.string(),
  /** YYYY-MM-DD */
  postDate: z.string(),
  source: z.enum(blogSources),
  /** ISO 8601 timestamp (UTC), set by the server. */
  createdAt: z.string(),
  /** ISO 8601 timestamp (UTC) for generated posts; null for manual ones. */
  generatedAt: z.string().nullable(),
  tone: z.string().nullable(),
  /** Free text, e.g. 'fundraising, donors'. */
  keywords: z.string().nullable(),
});
export type Blog = z.infer<typeof blog>;

/** GET /api/blogs */
export const blogList = z.array(blog);
export type BlogList = z.infer<typeof blogList>;

const blank = (v: string | null | undefined) => (v ? v : null);

const toneField = z
  .enum(['', ...blogTones], { error: `Tone must be one of: ${blogTones.join(', ')}.` })
  .nullable()
  .optional();

const keywordsField = optionalText('Keywords', 500).nullable().optional();

/**
 * POST /api/blogs (SUPER_ADMIN). One schema for the three shapes of SPEC §7:
 * - generated: title, category, summary, tone, keywords, content, source 'generated', generatedAt;
 * - pasted: title, category, content, source 'manual', postDate;
 * - new-blog form: the form fields plus postDate, imageUrl, source 'manual', createdAt.
 * Blank postDate means today (UTC); blank imageUrl means the default image (null). createdAt is
 * accepted and ignored: the server sets it. The author is the signed-in user's name (else email).
 */
export const createBlogBody = z.object({
  title: requiredText('Title', 300),
  content: text('Content')
    .max(BLOG_CONTENT_MAX_CHARS, `Content is too long (${BLOG_CONTENT_MAX_CHARS} characters at most).`)
    .refine((v) => v.trim() !== '', 'Content is required.'),
  category: optionalText('Category', 120)
    .optional()
    .transform((v) => v ?? ''),
  summary: optionalText('Summary', 2000)
    .optional()
    .transform((v) => v ?? ''),
  tone: toneField.transform(blank),
  keywords: keywordsField.transform(blank),
  source: z
    .enum(blogSources, { error: "Source must be 'manual' or 'generated'." })
    .optional()
    .transform((v) => v ?? 'manual'),
  /** Only kept for generated posts; the server uses the current time when a generated post has none. */
  generatedAt: instantOrBlank('Generated at').nullable().optional().transform(blank),
  postDate: dayOrBlank('Post date').nullable().optional().transform(blank),
  imageUrl: z
    .union([z.literal('blog-default.png'), optionalHttpUrl('Image URL')], {
      error: 'Image URL must be a web address starting with http:// or https://.',
    })
    .optional()
    // 'blog-default.png' is how older clients say "the default image".
    .transform((v) => (v === 'blog-default.png' ? null : (v ?? null))),
  createdAt: z.unknown().optional(),
});
export type CreateBlogBody = z.input<typeof createBlogBody>;

/** POST /api/blogs/generate (SUPER_ADMIN): SPEC §5 advanced generation; title and summary required. */
export const generateBlogBody = z.object({
  title: requiredText('Title', 300),
  category: optionalText('Category', 120)
    .optional()
    .transform((v) => v ?? ''),
  summary: requiredText('Summary', 2000),
  tone: toneField.transform((v): BlogTone => v || 'informative'),
  keywords: optionalText('Keywords', 500)
    .optional()
    .transform((v) => v ?? ''),
});
export type GenerateBlogBody = z.input<typeof generateBlogBody>;

/** The draft to review and save with POST /api/blogs (source 'generated'); nothing is stored yet. */
export const generatedBlog = z.object({
  title: z.string(),
  category: z.string(),
  summary: z.string(),
  tone: z.enum(blogTones),
  keywords: z.string(),
  /** Markdown from the AI provider, without the title heading. */
  content: z.string(),
});
export type GeneratedBlog = z.infer<typeof generatedBlog>;

export const GENERATE_PROMPT_MAX_CHARS = 2000;

/** POST /api/blogs/generate-simple (SUPER_ADMIN): SPEC §5 simple generation from one description. */
export const generateSimpleBlogBody = z.object({
  prompt: text('Description')
    .trim()
    .min(1, 'Description is required.')
    .max(
      GENERATE_PROMPT_MAX_CHARS,
      `Description is too long (${GENERATE_PROMPT_MAX_CHARS} characters at most).`,
    ),
});
export type GenerateSimpleBlogBody = z.input<typeof generateSimpleBlogBody>;

export const generatedSimpleBlog = z.object({
  /** Markdown from the AI provider, without the title heading. */
  content: z.string(),
  /** The title the model suggested in its first heading, when it gave one. */
  title: z.string().optional(),
});
export type GeneratedSimpleBlog = z.infer<typeof generatedSimpleBlog>;
