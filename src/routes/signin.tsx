import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthCard } from '@/components/layouts/marketing-layout';

const signInSearch = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/signin')({
  validateSearch: signInSearch,
  component: SignInPage,
});

function SignInPage() {
  return <AuthCard title="Sign in">{null}</AuthCard>;
}
