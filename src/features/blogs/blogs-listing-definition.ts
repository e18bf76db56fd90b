import type { Blog, BlogFilter } from '@contract/blogs';
import { blogMatcher } from '@contract/listing-match';
import type * as Paging from '@contract/paging';
import { defineListing } from '@/lib/listing/listing-definition';
import { compareBlogs } from './blogs-order';

/** contract/paging.ts's PAGE_LIMIT_DEFAULT, typed from it: a value import would put zod on the public page. */
const PAGE_LIMIT_DEFAULT: typeof Paging.PAGE_LIMIT_DEFAULT = 25;

/**
 * 'Latest Blogs' (/public-blogs) for the shared listing machinery (src/lib/listing). The listing
 * answers whole posts, content included, so a page holds the API's default number of them.
 */
export const blogsListing = defineListing<Blog, BlogFilter>({
  resource: 'blogs',
  path: '/blogs',
  fields: ['category', 'publishedFrom', 'publishedTo', 'search'],
  // The spec's default listing sort: postDate descending.
  defaultSort: { sortBy: 'postDate', sortOrder: 'desc' },
  pageSize: PAGE_LIMIT_DEFAULT,
  matcher: blogMatcher,
  compare: ({ sortBy, sortOrder }) => compareBlogs(sortBy, sortOrder),
});
