import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { CheckEmailScreen } from '@/features/auth/components/check-email-screen';
import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';
import { optionalSearchString } from '@/lib/search-params';

const verifyEmailSearch = (search: Record<string, unknown>): { token?: string; email?: string } => ({
  token: optionalSearchString(search.token, 200),
  email: optionalSearchString(search.email, 254),
});

export const Route = createFileRoute('/verify-email')({
  validateSearch: verifyEmailSearch,
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token, email } = Route.useSearch();
  // SPEC §2: a token in the query string means the emailed link was opened; otherwise ask to check the inbox.
  if (token) {
    return (
      <AuthCard title="Verify your email">
        <VerifyEmailScreen token={token} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Check your email">
      <CheckEmailScreen email={email} />
    </AuthCard>
  );
}
