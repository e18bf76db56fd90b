import { formatPlanPrice, type Plan } from '@contract/plans';
import { useId } from 'react';
import { formatCompactCount, formatReporting } from '../plan-format';

const rows: { label: string; value: (plan: Plan) => string }[] = [
  { label: 'Price', value: (p) => `${formatPlanPrice(p)}/month` },
  { label: 'Team members', value: (p) => String(p.limits.members) },
  { label: 'Storage', value: (p) => `${p.limits.storageGb}GB` },
  { label: 'AI tokens per month', value: (p) => formatCompactCount(p.limits.aiTokensPerMonth) },
  { label: 'Reporting', value: formatReporting },
  { label: 'Support', value: (p) => p.support },
];

export function PlanComparisonTable({ plans }: { plans: readonly Plan[] }) {
  const captionId = useId();
  return (
    // Scrolls sideways on a narrow phone; focusable so keyboard users can scroll it too.
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
    >
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption id={captionId} className="px-4 py-3 text-left text-base font-semibold">
          Compare plan limits
        </caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Limit
            </th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col" className="px-4 py-3 font-semibold">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-4 py-3 font-medium">
                {row.label}
              </th>
              {plans.map((plan) => (
                <td key={plan.id} className="px-4 py-3 text-slate-800 dark:text-slate-200">
                  {row.value(plan)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
