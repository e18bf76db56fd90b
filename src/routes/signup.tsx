import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';

export const Route = createFileRoute('/signup')({
  component: SignUpPage,
});

function SignUpPage() {
  return <AuthCard title="SignUp">{null}</AuthCard>;
}
