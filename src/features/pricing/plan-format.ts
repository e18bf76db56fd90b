import type { Plan } from '@contract/plans';

/**
 * 50_000 → '50K', 1_000_000 → '1M'. Written out rather than Intl's compact notation so the
 * prerendered HTML and the browser's first render always agree, whatever ICU data each has.
 */
export function formatCompactCount(n: number): string {
  const scale = (value: number, suffix: string) => `${Number((n / value).toFixed(1))}${suffix}`;
  if (n >= 1_000_000) return scale(1_000_000, 'M');
  if (n >= 1_000) return scale(1_000, 'K');
  return String(n);
}

export const formatMembers = (plan: Plan) => `${plan.limits.members} team members`;
export const formatStorage = (plan: Plan) => `${plan.limits.storageGb}GB storage`;
export const formatAiTokens = (plan: Plan) =>
  `${formatCompactCount(plan.limits.aiTokensPerMonth)} AI tokens / month`;

const reportingLabels: Record<Plan['reporting'], string> = {
  basic: 'Basic reporting',
  advanced: 'Advanced reporting',
  custom: 'Custom reporting',
};
export const formatReporting = (plan: Plan) => reportingLabels[plan.reporting];
