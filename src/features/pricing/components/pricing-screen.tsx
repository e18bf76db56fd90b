import { plans } from '@contract/plans';
import { starterPlan } from '@/config/marketing-content';
import { useSignedInRole } from '../use-signed-in-role';
import { BillingFaq } from './billing-faq';
import { ChoosePlan } from './choose-plan';
import { PlanCard } from './plan-card';
import { PlanComparisonTable } from './plan-comparison-table';

/** /pricing: every plan of the shared catalogue, so the page and the server's limits never disagree. */
export function PricingScreen() {
  const role = useSignedInRole();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 pt-8 pb-16 sm:pt-12">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Simple monthly plans for nonprofits of every size. Start free and upgrade when your team grows.
        </p>
      </header>

      <section aria-label="Plans" className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            claims={plan.id === 'starter' ? starterPlan.claims : undefined}
            action={<ChoosePlan plan={plan} role={role} />}
          />
        ))}
      </section>

      <section aria-labelledby="compare-plans" className="flex flex-col gap-4">
        <h2 id="compare-plans" className="text-2xl font-bold">
          Compare plans
        </h2>
        <PlanComparisonTable plans={plans} />
      </section>

      <section aria-labelledby="billing-questions" className="flex flex-col gap-4">
        <h2 id="billing-questions" className="text-2xl font-bold">
          Billing questions
        </h2>
        <BillingFaq />
      </section>
    </div>
  );
}
