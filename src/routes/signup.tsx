import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

export const Route = createFileRoute('/signup')({
  component: SignUpPage,
});

function SignUpPage() {
  return (
    <AuthCard title="Create your account" subtitle="Set up your organisation on NGO Portal.">
      <SignUpForm />
    </AuthCard>
  );
}
