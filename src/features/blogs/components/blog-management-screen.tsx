import type { Blog } from '@contract/blogs';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { useOffline } from '@/lib/connectivity';
import { useDeleteBlog } from '../api/delete-blog';
import { useBlogs } from '../api/get-blogs';
import { BlogGenerationModal } from './blog-generation-modal';
import { DeleteBlogDialog } from './delete-blog-dialog';
import { PasteBlogModal } from './paste-blog-modal';

/** A post date ('YYYY-MM-DD') in the reader's locale; the day is a calendar day, not an instant. */
function formatPostDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const sourceLabel = { manual: 'Manual', generated: 'AI-generated' } as const;

/** /blogs, SUPER_ADMIN only: every blog, newest first, with the add, generate, paste and delete controls. */
export function BlogManagementScreen() {
  const blogs = useBlogs();
  const deleteBlog = useDeleteBlog();
  const offline = useOffline();
  const [toDelete, setToDelete] = useState<Blog | null>(null);
  // The Delete button that opened the confirmation, to hand focus back to it if the blog stays.
  const deleteTrigger = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmDelete = (blog: Blog) =>
    deleteBlog.mutate(
      { id: blog.id },
      {
        // SPEC §8: a failed delete is only logged. The blog stays listed, which is the truth.
        onError: (error) => console.error(`Failed to delete blog ${blog.id}`, error),
        onSettled: () => setToDelete(null),
      },
    );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
            Blog management
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Every post on the public blog, newest first.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/blogs/new" className={buttonClass('primary')}>
            <Plus aria-hidden className="size-4" />
            Add blog
          </Link>
          {/* A disabled fieldset disables every button in it, the modals' triggers included. */}
          <fieldset
            disabled={offline}
            aria-describedby={offline ? 'blog-actions-offline' : undefined}
            className="contents"
          >
            <BlogGenerationModal />
            <PasteBlogModal />
          </fieldset>
        </div>
      </div>
      {offline && (
        <NeedsNetworkNote id="blog-actions-offline">
          Generating, pasting and deleting posts need a connection.
        </NeedsNetworkNote>
      )}

      {blogs.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading blogs...</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Card key={i} className="flex flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </Card>
          ))}
        </div>
      ) : blogs.isError ? (
        // Not the listings' 'empty on failure' (SPEC §4): an empty management list would read as
        // 'every post is gone' to the person who manages them.
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">The blogs could not be loaded. Check your connection and try again.</Alert>
          <Button variant="secondary" onClick={() => void blogs.refetch()} pending={blogs.isFetching}>
            Try again
          </Button>
        </div>
      ) : blogs.data.length === 0 ? (
        <Card className="flex flex-col items-start gap-2">
          <p className="font-semibold">No blogs yet.</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Add one, paste one written elsewhere, or let the AI draft one for you.
          </p>
        </Card>
      ) : (
        <section aria-labelledby="blog-list-heading" className="flex flex-col gap-3">
          <h2 id="blog-list-heading" className="text-sm font-medium text-slate-600 dark:text-slate-300">
            {blogs.data.length === 1 ? '1 blog' : `${blogs.data.length} blogs`}
          </h2>
          <ul className="flex flex-col gap-3">
            {blogs.data.map((blog) => (
              <li key={blog.id}>
                <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <Link
                      to="/blogs/$id"
                      params={{ id: blog.id }}
                      className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                    >
                      {blog.title}
                    </Link>
                    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
                      <span>{blog.category.trim() || 'Uncategorised'}</span>
                      <time dateTime={blog.postDate}>{formatPostDate(blog.postDate)}</time>
                      <span
                        data-testid="blog-source"
                        className="rounded-full bg-slate-100 px-2 text-xs leading-5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                      >
                        {sourceLabel[blog.source]}
                      </span>
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    disabled={offline}
                    aria-describedby={offline ? 'blog-actions-offline' : undefined}
                    className="self-start text-red-700 sm:self-center dark:text-red-400"
                    onClick={(event) => {
                      deleteTrigger.current = event.currentTarget;
                      setToDelete(blog);
                    }}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    Delete <span className="sr-only">{blog.title}</span>
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      <DeleteBlogDialog
        blog={toDelete}
        pending={deleteBlog.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        onCloseAutoFocus={(event) => {
          // No Radix trigger here: send focus back to the Delete button, or, when its blog is gone,
          // to the page heading rather than let it drop to the document body.
          event.preventDefault();
          const trigger = deleteTrigger.current;
          if (trigger?.isConnected) trigger.focus();
          else heading.current?.focus();
        }}
      />
    </div>
  );
}
