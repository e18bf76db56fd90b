import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  return <AuthCard title="ResetPassword">{null}</AuthCard>;
}
