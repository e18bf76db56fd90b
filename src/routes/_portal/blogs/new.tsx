import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { ArrowLeft } from 'lucide-react';
import { NewBlogForm } from '@/features/blogs/components/new-blog-form';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/blogs/new')({
  // Adding a blog belongs to the SUPER_ADMIN's management list (SPEC §6); anyone else is sent to /.
  beforeLoad: () => {
    if (!can(getStoredRole(), 'blogs:manage')) throw redirect({ to: '/' });
  },
  component: AddABlogPage,
});

function AddABlogPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link
        to="/blogs"
        className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Blog management
      </Link>
      <h1 className="text-2xl font-bold">Add a blog</h1>
      <NewBlogForm />
    </div>
  );
}
