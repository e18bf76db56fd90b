import { createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  blog,
  blogIdParams,
  blogList,
  blogListPageQuery,
  createBlogBody,
  generateBlogBody,
  generatedBlog,
  generatedSimpleBlog,
  generateSimpleBlogBody,
  type Blog,
  type BlogList,
} from '../../../contract/blogs';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { notModifiedResponse, revalidatedJson, revalidationNote } from '../../http/etag';
import { pagedJson, pagedListingNote, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { ApiError } from '../../services/api-error';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { aiMessages, type Ai } from '../../services/ai';
import {
  createBlog,
  deleteBlog,
  generateBlog,
  generateSimpleBlog,
  getBlog,
  listBlogs,
  listBlogsPage,
} from './blogs.service';

const tags = ['Blogs'];

/** Without a provider the AI routes answer 503 whatever the body, so a client can tell the feature is off. */
const requireAi = (ai: Ai) =>
  createMiddleware<AppBindings>(async (_c, next) => {
    if (!ai.configured) throw new ApiError(503, aiMessages.notConfigured, { code: 'ai_not_configured' });
    await next();
  });

export function createBlogsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const aiConfigured = requireAi(deps.ai);

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The blog posts, filtered and sorted',
    description:
      '`category` matches the trimmed category in any letter case; `publishedFrom`/`publishedTo` are ' +
      'inclusive bounds on postDate; `search` matches word prefixes in title, summary, category, content and ' +
      'author (every word must match). Blank parameters are ignored. Default order: postDate descending. ' +
      pagedListingNote,
    request: { query: blogListPageQuery },
    responses: pagedListResponses(blogList, 'The posts, with their Markdown content'),
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One blog post',
    description: `Any unknown id answers 404 'Blog not found.'. ${revalidationNote}`,
    request: { params: blogIdParams },
    responses: {
      200: jsonResponse(blog, 'The post'),
      ...notModifiedResponse,
      ...errors(404),
    },
  });

  const createRouteDef = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Save a blog post (SUPER_ADMIN)',
    description:
      'Takes the three shapes of the spec (generated, pasted, new-blog form) with one schema. A blank ' +
      'postDate means today (UTC), a blank imageUrl the default image (null); createdAt is set by the server ' +
      "and the author is the caller's name (else email). Content is stored as sent (Markdown).",
    security: bearer,
    middleware: [auth, requirePermission('blogs:manage')] as const,
    request: { body: jsonBody(createBlogBody) },
    responses: {
      201: jsonResponse(blog, 'The saved post'),
      ...errors(400, 401, 403),
    },
  });

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Delete a blog post (SUPER_ADMIN)',
    security: bearer,
    middleware: [auth, requirePermission('blogs:manage')] as const,
    request: { params: blogIdParams },
    responses: {
      204: { description: 'Deleted; no body' },
      ...errors(401, 403, 404),
    },
  });

  const generateRoute = createRoute({
    method: 'post',
    path: '/generate',
    tags,
    summary: 'Draft a blog post with AI from a title, summary and details (SUPER_ADMIN)',
    description:
      'Nothing is saved: review the draft and save it with POST /api/blogs (source `generated`). ' +
      'Token usage is recorded for the caller’s organisation (feature `blog-generate`). 402 ' +
      '`plan_limit_reached` when the organisation has used its plan’s AI tokens for the calendar month ' +
      '(UTC), 502 when the AI provider fails or times out (after one retry), 503 when none is configured.',
    security: bearer,
    middleware: [auth, requirePermission('blogs:generate'), aiConfigured] as const,
    request: { body: jsonBody(generateBlogBody) },
    responses: {
      200: jsonResponse(generatedBlog, 'The draft'),
      ...errors(400, 401, 402, 403, 502, 503),
    },
  });

  const generateSimpleRoute = createRoute({
    method: 'post',
    path: '/generate-simple',
    tags,
    summary: 'Draft a blog post with AI from one description (SUPER_ADMIN)',
    description:
      'Nothing is saved. `title` is present when the model proposed one. Token usage is recorded ' +
      '(feature `blog-generate-simple`). 402 `plan_limit_reached` when the month’s AI tokens are used up, ' +
      '502 when the AI provider fails, 503 when none is configured.',
    security: bearer,
    middleware: [auth, requirePermission('blogs:generate'), aiConfigured] as const,
    request: { body: jsonBody(generateSimpleBlogBody) },
    responses: {
      200: jsonResponse(generatedSimpleBlog, 'The draft'),
      ...errors(400, 401, 402, 403, 502, 503),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return page
        ? pagedJson<BlogList>(c, await listBlogsPage(c.var.db, filters, page))
        : revalidatedJson<BlogList>(c, JSON.stringify(await listBlogs(c.var.db, filters)));
    })
    .openapi(getRoute, async (c) =>
      revalidatedJson<Blog>(c, JSON.stringify(await getBlog(c.var.db, c.req.valid('param').id))),
    )
    .openapi(createRouteDef, async (c) =>
      c.json(await createBlog(c.var.db, c.var.user, c.req.valid('json')), 201),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteBlog(c.var.db, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(generateRoute, async (c) =>
      c.json(await generateBlog(c.var.db, deps.ai, c.var.user, c.req.valid('json')), 200),
    )
    .openapi(generateSimpleRoute, async (c) =>
      c.json(await generateSimpleBlog(c.var.db, deps.ai, c.var.user, c.req.valid('json').prompt), 200),
    );
}
