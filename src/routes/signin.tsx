import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignedOutUnsentNotice } from '@/features/outbox/components/signed-out-unsent-notice';
import { optionalSearchString } from '@/lib/search-params';
import { isSignedIn } from '@/lib/session';

const signInSearch = (search: Record<string, unknown>): { redirect?: string } => ({
  redirect: optionalSearchString(search.redirect),
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
      <SignInForm redirectTo={search.redirect} />
    </AuthCard>
  );
}
