import type { Plan } from '@contract/plans';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Button, buttonClass } from '@/components/ui/button';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';

/**
 * Visitors sign up with the plan preselected. Signed-in users cannot pay online yet, so the
 * button stays visible but disabled, with the reason and a way forward right under it.
 */
export function ChoosePlan({ plan, role }: { plan: Plan; role: string | null }) {
  const reasonId = useId();
  if (!role) {
    return (
      <Link
        to="/signup"
        search={{ plan: plan.id }}
        aria-label={`Choose plan ${plan.name}`}
        className={buttonClass(plan.highlighted ? 'primary' : 'secondary', 'w-full')}
      >
        Choose plan
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button
        disabled
        aria-label={`Choose plan ${plan.name}`}
        aria-describedby={reasonId}
        variant="secondary"
        className="w-full opacity-70"
      >
        Choose plan
      </Button>
      <p id={reasonId} className="text-sm text-slate-700 dark:text-slate-300">
        {role === 'NGO_ADMIN' ? (
          <>
            Online payment is coming soon.{' '}
            <Link to="/contact" className={linkClass}>
              Contact us to upgrade.
            </Link>
          </>
        ) : (
          "Only your organisation's NGO admin can change its plan."
        )}
      </p>
    </div>
  );
}
