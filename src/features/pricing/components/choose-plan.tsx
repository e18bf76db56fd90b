import type { Plan } from '@contract/plans';
import { can } from '@contract/permissions';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { leaveAppFor } from '@/lib/external-navigation';
import { notify } from '@/lib/notify';
import { useCreateSubscriptionCheckout } from '../api/create-subscription-checkout';

const noteClass = 'text-sm text-slate-700 dark:text-slate-300';

/**
 * The control's name for public/boot.js: the page is prerendered for visitors (a link to sign up),
 * so a tap made by a signed-in user before the code has loaded is held, then replayed on whatever
 * this plan's control has become once the session is known (ADR 0025).
 */
const tapKey = (plan: Plan) => `choose-plan-${plan.id}`;

/**
 * Visitors sign up with the plan preselected. A signed-in NGO admin pays for a paid plan at the
 * provider's hosted checkout; anyone else is told who can change the plan.
 */
export function ChoosePlan({ plan, role }: { plan: Plan; role: string | null }) {
  const reasonId = useId();
  if (!role) {
    return (
      <Link
        to="/signup"
        search={{ plan: plan.id }}
        data-hold-tap="signed-in"
        data-tap-key={tapKey(plan)}
        aria-label={`Choose plan ${plan.name}`}
        className={buttonClass(plan.highlighted ? 'primary' : 'secondary', 'w-full')}
      >
        Choose plan
      </Link>
    );
  }
  if (can(role, 'billing:checkout') && plan.priceMonthlyMinor > 0) return <CheckoutButton plan={plan} />;
  return (
    <div className="flex flex-col gap-2">
      <Button
        data-tap-key={tapKey(plan)}
        disabled
        aria-label={`Choose plan ${plan.name}`}
        aria-describedby={reasonId}
        variant="secondary"
        className="w-full opacity-70"
      >
        Choose plan
      </Button>
      <p id={reasonId} className={noteClass}>
        {can(role, 'billing:checkout')
          ? 'NGO Starter is free: nothing to pay. Your organisation is on it whenever no paid plan is active.'
          : "Only your organisation's NGO admin can change its plan."}
      </p>
    </div>
  );
}

function CheckoutButton({ plan }: { plan: Plan }) {
  const offline = useOffline();
  const checkout = useCreateSubscriptionCheckout();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();

  const start = () => {
    setFailure(null);
    // On a slow connection the checkout takes a while to prepare; say so instead of a silent button.
    const slow = setTimeout(() => notify.message('Preparing your secure checkout...'), 1500);
    checkout.mutate(
      { planId: plan.id },
      {
        onSuccess: ({ link }) => {
          setLeaving(true);
          leaveAppFor(link);
        },
        onError: (error) => {
          const message = errorMessage(error, 'The checkout could not be started. Please try again.');
          setFailure(message);
          notify.error(message);
        },
        onSettled: () => clearTimeout(slow),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        data-tap-key={tapKey(plan)}
        aria-label={`Choose plan ${plan.name}`}
        aria-describedby={offline || failure ? noteId : undefined}
        variant={plan.highlighted ? 'primary' : 'secondary'}
        className="w-full"
        disabled={offline}
        pending={checkout.isPending || leaving}
        pendingLabel="Opening checkout..."
        onClick={start}
      >
        Choose plan
      </Button>
      {(offline || failure) && (
        <p id={noteId} role={failure ? 'alert' : undefined} className={noteClass}>
          {offline ? 'You are offline. Paying for a plan needs a connection.' : failure}
        </p>
      )}
    </div>
  );
}
