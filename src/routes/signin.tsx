import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignedOutUnsentNotice } from '@/components/outbox/signed-out-unsent-notice';
import { optionalSearchString } from '@/lib/search-params';
import { isSignedIn } from '@/lib/session';

const signInSearch = (search: Record<string, unknown>): { redirect?: string; unlock?: string } => ({
  redirect: optionalSearchString(search.redirect),
  // The emailed unlock link (ADR 0018); the spec has no route of its own for it.
  unlock: optionalSearchString(search.unlock, 200),
});

export const Route = createFileRoute('/signin')({
  validateSearch: signInSearch,
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/dashboard' });
  },
  component: SignInPage,
});

function SignInPage() {
  const search = Route.useSearch();
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your organisation's portal.">
      <SignedOutUnsentNotice />
      <SignInForm redirectTo={search.redirect} unlockToken={search.unlock} />
    </AuthCard>
  );
}
