import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';

export const Route = createFileRoute('/verify-email')({
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  return <AuthCard title="VerifyEmail">{null}</AuthCard>;
}
