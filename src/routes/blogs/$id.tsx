import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { getBlogQueryOptions } from '@/features/blogs/api/get-blog';
import { BlogArticle, preloadBlogMarkdown } from '@/features/blogs/components/blog-article';

export const Route = createFileRoute('/blogs/$id')({
  // Warm, never wait: the post and its Markdown renderer download side by side while the page
  // shows its skeleton. This page is never prerendered (every id is a different page).
  loader: ({ context, params }) => {
    void context.queryClient.query(getBlogQueryOptions(params.id)).catch(() => undefined);
    void preloadBlogMarkdown().catch(() => undefined);
  },
  head: () => ({ meta: [{ title: 'Blog | NGO Portal' }] }),
  component: BlogPage,
});

function BlogPage() {
  const { id } = Route.useParams();
  return (
    <MarketingLayout>
      <div className="px-4 pt-8 pb-16 sm:pt-12">
        <BlogArticle id={id} />
      </div>
    </MarketingLayout>
  );
}
