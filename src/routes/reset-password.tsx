import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { ResetLinkMissing, ResetPasswordForm } from '@/features/auth/components/reset-password-form';

const resetPasswordSearch = z.object({ token: z.string().optional().catch(undefined) });

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
