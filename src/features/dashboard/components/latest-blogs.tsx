import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDate } from '../format';
import type { LatestBlog } from '../types';
import { DashboardSection, sectionLinkClass } from './dashboard-section';

export function LatestBlogs({
  blogs,
  title = 'Latest blogs',
  level,
  className,
}: {
  blogs: LatestBlog[];
  title?: string;
  level?: 2 | 3;
  className?: string;
}) {
  return (
    <DashboardSection
      title={title}
      level={level}
      className={className}
      action={
        <Link to="/public-blogs" className={sectionLinkClass}>
          All blogs
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      }
    >
      <Card className="p-0">
        {blogs.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300">No blog posts yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {blogs.map((blog) => (
              <li key={blog.id} className="flex flex-col gap-1 p-4">
                <Link
                  to="/blogs/$id"
                  params={{ id: blog.id }}
                  className="font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-100"
                >
                  {blog.title}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {blog.category && <span>{blog.category} · </span>}
                  <time dateTime={blog.postDate}>{formatDate(blog.postDate)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </DashboardSection>
  );
}
