import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { inviteLookupQueryOptions } from '@/features/members/api/lookup-invite';
import { AcceptInviteScreen, InviteLinkMissing } from '@/features/members/components/accept-invite-screen';
import { optionalSearchText } from '@/lib/search-params';

// The router reads an all-digit value as a number: the token is text whatever it looks like.
const acceptInviteSearch = (search: Record<string, unknown>): { token?: string } => ({
  token: optionalSearchText(search.token, 200),
});

export const Route = createFileRoute('/accept-invite')({
  validateSearch: acceptInviteSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Warm, never wait: the page shows its skeleton while the invitation is looked up.
  loader: ({ context, deps }) => {
    if (deps.token)
      void context.queryClient.query(inviteLookupQueryOptions(deps.token)).catch(() => undefined);
  },
  component: AcceptInvitePage,
});

function AcceptInvitePage() {
  const { token } = Route.useSearch();
  return (
    <AuthCard title="Accept your invitation">
      {/* Keyed by the token: another link opened in place starts from a clean form. */}
      {token ? <AcceptInviteScreen key={token} token={token} /> : <InviteLinkMissing />}
    </AuthCard>
  );
}
