import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { HelpCenter } from '@/features/help-center/components/help-center';

interface HelpCenterSearch {
  q?: string;
}

export const Route = createFileRoute('/help-center')({
  // Plain validation keeps zod out of this page's chunk; a search is a shareable ?q= link.
  validateSearch: (search: Record<string, unknown>): HelpCenterSearch =>
    typeof search.q === 'string' && search.q.trim() ? { q: search.q.slice(0, 200) } : {},
  head: () => ({ meta: [{ title: 'Help Center | NGO Portal' }] }),
  component: HelpCenterPage,
});

function HelpCenterPage() {
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MarketingLayout>
      <HelpCenter
        query={q}
        onQueryChange={(next) =>
          void navigate({ search: next.trim() ? { q: next } : {}, replace: true, resetScroll: false })
        }
      />
    </MarketingLayout>
  );
}
