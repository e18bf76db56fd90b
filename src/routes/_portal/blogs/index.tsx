import { createFileRoute, redirect } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { getBlogsQueryOptions } from '@/features/blogs/api/get-blogs';
import { BlogManagementScreen } from '@/features/blogs/components/blog-management-screen';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/blogs/')({
  // SPEC §2: the management list is for SUPER_ADMIN; anyone else is sent to /. A convenience only:
  // the server refuses every blog write from other roles.
  beforeLoad: () => {
    if (!can(getStoredRole(), 'blogs:manage')) throw redirect({ to: '/' });
  },
  // Warm the cache without awaiting it: the screen shows its own skeleton and error state, so a
  // failure here is swallowed (query() replaces the deprecated prefetchQuery).
  loader: ({ context }) => {
    void context.queryClient.query(getBlogsQueryOptions()).catch(() => undefined);
  },
  component: BlogManagementPage,
});

function BlogManagementPage() {
  return <BlogManagementScreen />;
}
