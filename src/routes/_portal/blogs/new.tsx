import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/blogs/new')({
  component: AddABlogPage,
});

function AddABlogPage() {
  return <NotAvailableYet title="Add a blog" />;
}
