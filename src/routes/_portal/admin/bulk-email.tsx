import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { campaignQueryOptions } from '@/features/campaigns/api/get-campaign';
import { campaignsQueryOptions } from '@/features/campaigns/api/get-campaigns';
import { campaignFilterOf, campaignsSearch } from '@/features/campaigns/campaigns-search';
import { CampaignsScreen } from '@/features/campaigns/components/campaigns-screen';
import { getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/admin/bulk-email')({
  validateSearch: (search: Record<string, unknown>) => campaignsSearch.parse(search),
  loaderDeps: ({ search }) => ({
    filter: campaignFilterOf(search),
    campaign: search.new ? undefined : search.campaign,
    composing: Boolean(search.new),
  }),
  // Warm, never wait: the screen shows its skeletons. Only a sender's campaigns are asked.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const ignore = () => undefined;
    if (!can(getStoredRole(), 'campaigns:send') || deps.composing) return;
    if (deps.campaign) void queryClient.query(campaignQueryOptions(deps.campaign)).catch(ignore);
    else void queryClient.infiniteQuery(campaignsQueryOptions(deps.filter)).catch(ignore);
  },
  component: SendNotificationPage,
});

function SendNotificationPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The screen tells a role that may not send so; the server refuses it every request anyway.
  const viewer = { id: getStoredUser()?.id ?? '', role: getStoredRole() };
  return (
    <CampaignsScreen
      search={search}
      onSearchChange={(next, options) =>
        void navigate({ search: next, replace: options?.replace, resetScroll: !options?.replace })
      }
      viewer={viewer}
    />
  );
}
