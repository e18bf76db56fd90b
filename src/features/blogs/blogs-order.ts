import type { Blog, BlogSortField, SortOrder } from '@contract/blogs';

/*
 * The server's ORDER BY of GET /api/blogs (routes/blogs/blogs.handlers.ts `blogOrder`) in the page,
 * for lists answered offline from a saved superset. Keep the two in step.
 */

type Sortable = Pick<Blog, 'id' | 'title' | 'postDate' | 'createdAt'>;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// createdAt is an ISO instant; compared as times, since the text may differ in precision.
const time = (iso: string) => Date.parse(iso) || 0;

export function compareBlogs(sortBy: BlogSortField = 'postDate', sortOrder: SortOrder = 'desc') {
  const dir = sortOrder === 'asc' ? 1 : -1;
  switch (sortBy) {
    case 'title':
      return (a: Sortable, b: Sortable) =>
        dir * cmp(a.title.toLowerCase(), b.title.toLowerCase()) ||
        dir * cmp(a.title, b.title) ||
        dir * cmp(a.id, b.id);
    case 'createdAt':
      return (a: Sortable, b: Sortable) =>
        dir * (time(a.createdAt) - time(b.createdAt)) || dir * cmp(a.id, b.id);
    case 'postDate':
    default:
      return (a: Sortable, b: Sortable) =>
        dir * cmp(a.postDate, b.postDate) ||
        dir * (time(a.createdAt) - time(b.createdAt)) ||
        dir * cmp(a.id, b.id);
  }
}
