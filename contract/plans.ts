/**
 * The one plan catalogue: /pricing renders it and the server enforces its limits, so a limit
 * changes in this file only. Money is integer minor units plus an ISO currency code.
 */
export interface Plan {
  id: 'starter' | 'growth' | 'impact';
  name: string;
  tagline: string;
  /** Monthly price in minor units (cents). */
  priceMonthlyMinor: number;
  currency: 'USD';
  limits: {
    /** Team members, including the admin. */
    members: number;
    storageGb: number;
    /** AI tokens per month across chat, reports and generation. */
    aiTokensPerMonth: number;
  };
  reporting: 'basic' | 'advanced' | 'custom';
  support: string;
  features: string[];
  highlighted?: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'NGO Starter',
    tagline: 'Everything a small team needs to get organised.',
    priceMonthlyMinor: 0,
    currency: 'USD',
    limits: { members: 5, storageGb: 2, aiTokensPerMonth: 50_000 },
    reporting: 'basic',
    support: 'Email support',
    features: ['Latest grants and blogs', 'Data collection forms', 'Team chat', 'Fundraising causes'],
  },
  {
    id: 'growth',
    name: 'NGO Growth',
    tagline: 'For organisations running several programmes.',
    priceMonthlyMinor: 2_900,
    currency: 'USD',
    limits: { members: 25, storageGb: 50, aiTokensPerMonth: 1_000_000 },
    reporting: 'advanced',
    support: 'Priority email and chat support',
    features: [
      'Everything in Starter',
      'AI report and policy assistant',
      'Volunteer hours and certificates',
      'Social media scheduling',
    ],
    highlighted: true,
  },
  {
    id: 'impact',
    name: 'NGO Impact',
    tagline: 'For networks and large field operations.',
    priceMonthlyMinor: 9_900,
    currency: 'USD',
    limits: { members: 100, storageGb: 500, aiTokensPerMonth: 5_000_000 },
    reporting: 'custom',
    support: 'Dedicated success manager',
    features: [
      'Everything in Growth',
      'Bulk notifications',
      'Custom report templates',
      'Single sign-on on request',
    ],
  },
];

export const planById = (id: string): Plan | undefined => plans.find((p) => p.id === id);

export function formatPlanPrice(plan: Pick<Plan, 'priceMonthlyMinor' | 'currency'>, locale?: string): string {
  return new Intl.NumberFormat(locale ?? 'en-US', {
    style: 'currency',
    currency: plan.currency,
    minimumFractionDigits: plan.priceMonthlyMinor % 100 === 0 ? 0 : 2,
  }).format(plan.priceMonthlyMinor / 100);
}
