import { createFileRoute } from '@tanstack/react-router';
import { causesQueryKeys } from '@/features/causes/api/query-keys';
import { getCauseQueryOptions } from '@/features/causes/api/get-cause';
import { CauseDetails } from '@/features/causes/components/cause-details';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

// SPEC §4: the donation thank-you screen lands here with ?donation_success=true. The router reads
// `true` as a boolean; the string form of a hand-typed link counts too.
const causeSearch = (search: Record<string, unknown>): { donation_success?: true } =>
  search.donation_success === true || search.donation_success === 'true' ? { donation_success: true } : {};

export const Route = createFileRoute('/_portal/causes/$causeId')({
  validateSearch: causeSearch,
  loaderDeps: ({ search }) => ({ donationSuccess: search.donation_success === true }),
  loader: async ({ context, params, deps }) => {
    // Back from a donation: the totals just changed, so a cached copy must not stand in for them.
    if (deps.donationSuccess)
      await context.queryClient.invalidateQueries({
        queryKey: causesQueryKeys.detail(params.causeId),
        refetchType: 'none',
      });
    void context.queryClient.query(getCauseQueryOptions(params.causeId)).catch(() => undefined);
  },
  component: CausePage,
});

function CausePage() {
  const { causeId } = Route.useParams();
  const { donation_success } = Route.useSearch();
  return (
    <CauseDetails
      causeId={causeId}
      donationSuccess={donation_success === true}
      canManage={can(getStoredRole(), 'causes:write')}
    />
  );
}
