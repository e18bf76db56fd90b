import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCalendarDate } from '@/lib/calendar-date';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { useBlog } from '../api/get-blog';
import { BlogImage } from './blog-image';

/**
 * marked and DOMPurify come with this chunk, so only the blog page downloads them. The route starts
 * the download alongside the post's own request rather than after it.
 */
export const preloadBlogMarkdown = () => import('./blog-markdown');
const BlogMarkdown = lazy(preloadBlogMarkdown);

function ContentSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/** If the renderer's chunk cannot be fetched (offline, a new deploy), the text is still readable. */
class PlainTextFallback extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{this.props.text}</p>;
  }
}

function BackToBlogs() {
  return (
    <Link
      to="/public-blogs"
      className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back to blogs
    </Link>
  );
}

/** /blogs/{id} (SPEC §2): title, category, author, post date, picture and the rendered content. */
export function BlogArticle({ id }: { id: string }) {
  const { data: blog, isError, fetchStatus } = useBlog(id);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <BackToBlogs />
      {blog ? (
        <article aria-labelledby="blog-title" className="flex flex-col gap-6">
          <header className="flex flex-col gap-3">
            {blog.category.trim() && (
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
                {blog.category.trim()}
              </p>
            )}
            <h1 id="blog-title" className="text-3xl font-bold tracking-tight break-words sm:text-4xl">
              {blog.title}
            </h1>
            <p className="text-slate-600 dark:text-slate-400">
              {blog.author && <span>By {blog.author} · </span>}
              <time dateTime={blog.postDate}>{formatCalendarDate(blog.postDate)}</time>
            </p>
          </header>
          <BlogImage
            imageUrl={blog.imageUrl}
            eager
            className="aspect-[2/1] h-auto w-full rounded-xl bg-brand-50 object-cover dark:bg-slate-800"
          />
          {blog.summary.trim() && (
            <p className="text-lg font-medium text-slate-700 dark:text-slate-300">{blog.summary.trim()}</p>
          )}
          <PlainTextFallback text={blog.content}>
            <Suspense fallback={<ContentSkeleton />}>
              <BlogMarkdown markdown={blog.content} />
            </Suspense>
          </PlainTextFallback>
        </article>
      ) : isError ? (
        // SPEC §8: any failure to load the post reads 'Blog not found.', in red.
        <p role="alert" className="text-lg font-semibold text-red-700 dark:text-red-400">
          Blog not found.
        </p>
      ) : (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <div className="flex flex-col gap-4">
            <p role="status" className="sr-only">
              Loading the blog post...
            </p>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-4/5" />
            <Skeleton className="h-4 w-48" />
            <Skeleton className="aspect-[2/1] w-full rounded-xl" />
            <ContentSkeleton />
          </div>
        </LoadingOrOffline>
      )}
    </div>
  );
}
