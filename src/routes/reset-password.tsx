import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { ResetLinkMissing, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { optionalSearchString } from '@/lib/search-params';

const resetPasswordSearch = (search: Record<string, unknown>): { token?: string } => ({
  token: optionalSearchString(search.token, 200),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetPasswordSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <AuthCard title="Choose a new password">
      {token ? <ResetPasswordForm token={token} /> : <ResetLinkMissing />}
    </AuthCard>
  );
}
