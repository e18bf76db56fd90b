import { formatPlanPrice, planById } from '@contract/plans';
import { Alert } from '@/components/ui/alert';

/**
 * On /signup?plan=…, from 'Choose plan' on /pricing: a new organisation starts on the free plan and
 * pays for the chosen one once signed in (only a signed-in NGO admin can pay), so say how.
 */
export function ChosenPlanNote({ planId }: { planId: string | undefined }) {
  const plan = planId ? planById(planId) : undefined;
  if (!plan || plan.priceMonthlyMinor === 0) return null;
  return (
    <Alert tone="info">
      You chose {plan.name} ({formatPlanPrice(plan)} / month). Your organisation starts on NGO Starter, free.
      Once you have verified your email and signed in, open Account Settings, then Choose a plan, to pay for{' '}
      {plan.name}.
    </Alert>
  );
}
