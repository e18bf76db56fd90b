import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '@/components/layouts/marketing-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { ChosenPlanNote } from '@/features/pricing/components/chosen-plan-note';
import { optionalSearchString } from '@/lib/search-params';

export const Route = createFileRoute('/signup')({
  validateSearch: (search: Record<string, unknown>): { plan?: string } => ({
    plan: optionalSearchString(search.plan, 32),
  }),
  component: SignUpPage,
});

function SignUpPage() {
  const { plan } = Route.useSearch();
  return (
    <AuthCard title="Create your account" subtitle="Set up your organisation on NGO Portal.">
      <div className="flex flex-col gap-4">
        <ChosenPlanNote planId={plan} />
        <SignUpForm />
      </div>
    </AuthCard>
  );
}
