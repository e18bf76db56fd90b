import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return <AuthCard title="ForgotPassword">{null}</AuthCard>;
}
