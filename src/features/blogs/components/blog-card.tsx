import type { Blog } from '@contract/blogs';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCalendarDate } from '@/lib/calendar-date';
import { BlogImage } from './blog-image';

const cardClass =
  'flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** One post of 'Latest Blogs' (SPEC §2): picture, title, category, author, date, summary, 'Read More'. */
export function BlogCard({ blog }: { blog: Blog }) {
  const titleId = `blog-${blog.id}-title`;
  const category = blog.category.trim();
  return (
    <article aria-labelledby={titleId} className={cardClass}>
      <BlogImage imageUrl={blog.imageUrl} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {category && (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
            {category}
          </p>
        )}
        <h2 id={titleId} className="text-lg leading-snug font-bold break-words">
          {blog.title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {blog.author && <span>By {blog.author} · </span>}
          <time dateTime={blog.postDate}>{formatCalendarDate(blog.postDate)}</time>
        </p>
        {blog.summary.trim() && (
          <p className="line-clamp-4 text-slate-700 dark:text-slate-300">{blog.summary.trim()}</p>
        )}
        <Link to="/blogs/$id" params={{ id: blog.id }} className={buttonClass('secondary', 'mt-auto w-full')}>
          Read More<span className="sr-only">: {blog.title}</span>
        </Link>
      </div>
    </article>
  );
}

export function BlogCardSkeleton() {
  return (
    <div className={cardClass}>
      <Skeleton className="aspect-[2/1] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-6 w-5/6" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="mt-2 h-11 w-full" />
      </div>
    </div>
  );
}
