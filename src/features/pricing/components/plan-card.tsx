import { formatPlanPrice, type Plan } from '@contract/plans';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatAiTokens, formatMembers, formatReporting, formatStorage } from '../plan-format';

export function PlanCard({
  plan,
  claims,
  action,
}: {
  plan: Plan;
  /** Extra lines under the price (the landing page's Starter claims). */
  claims?: readonly string[];
  action: ReactNode;
}) {
  const limits = [
    formatMembers(plan),
    formatStorage(plan),
    formatAiTokens(plan),
    formatReporting(plan),
    plan.support,
  ];
  const titleId = useId();
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-4',
        plan.highlighted &&
          'border-brand-600 ring-2 ring-brand-600 dark:border-brand-500 dark:ring-brand-500',
      )}
    >
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold">
            {plan.name}
          </h2>
          {plan.highlighted && (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
              Most popular
            </span>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{plan.tagline}</p>
      </div>
      <p>
        <span className="text-4xl font-extrabold tracking-tight">{formatPlanPrice(plan)}</span>
        <span className="text-base font-medium text-slate-700 dark:text-slate-300">/month</span>
      </p>
      {claims && claims.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">{claims.join(' · ')}</p>
      )}
      <div>
        <h3 className="text-sm font-semibold">Limits</h3>
        <ul className="mt-2 flex flex-col gap-1.5 text-sm">
          {limits.map((text) => (
            <li key={text} className="flex gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-100" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Features</h3>
        <ul className="mt-2 flex flex-col gap-1.5 text-sm">
          {plan.features.map((text) => (
            <li key={text} className="flex gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-100" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-auto pt-2">{action}</div>
    </Card>
  );
}
