import { PageLink } from '@/components/ui/page-link';
import { Check } from 'lucide-react';
import { starterPlan, trialCallToAction } from '@/config/marketing-content';
import { buttonClass } from '@/components/ui/button';
import { LandingSection } from './landing-section';
import { textLinkClass } from './text-link';

/**
 * The one plan and, separately, the trial call to action. They claim a 14-day and a 30-day trial:
 * SPEC §1 keeps both as stated, so neither is 'fixed' here.
 */
export function GetStartedSection() {
  return (
    <LandingSection id="get-started" title="Get started">
      <div className="grid gap-6 lg:grid-cols-2">
        <article
          aria-labelledby="starter-plan-name"
          className="flex flex-col gap-5 rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm dark:border-brand-500 dark:bg-slate-900"
        >
          <h3 id="starter-plan-name" className="text-xl font-bold text-slate-900 dark:text-white">
            {starterPlan.name}
          </h3>
          <p className="flex items-baseline gap-2">
            <span className="text-5xl font-extrabold text-slate-900 dark:text-white">
              {starterPlan.price}
            </span>
            <span className="text-slate-700 dark:text-slate-300">{starterPlan.period}</span>
          </p>
          <ul className="flex flex-col gap-2">
            {starterPlan.benefits.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
                <Check aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-500" />
                {benefit}
              </li>
            ))}
          </ul>
          <ul className="flex flex-wrap gap-2">
            {starterPlan.claims.map((claim) => (
              <li
                key={claim}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-brand-800/40 dark:text-brand-100"
              >
                {claim}
              </li>
            ))}
          </ul>
          <PageLink to={starterPlan.cta.to} className={buttonClass('primary', 'mt-auto')}>
            {starterPlan.cta.label}
          </PageLink>
        </article>
        <article
          aria-labelledby="trial-cta-heading"
          className="flex flex-col justify-center gap-4 rounded-xl bg-brand-700 p-6 text-white shadow-sm dark:bg-brand-800"
        >
          <h3 id="trial-cta-heading" className="text-xl font-bold">
            {trialCallToAction.heading}
          </h3>
          <p className="text-brand-50">{trialCallToAction.text}</p>
          <PageLink
            to={trialCallToAction.cta.to}
            className="mt-2 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 transition-colors hover:bg-brand-50"
          >
            {trialCallToAction.cta.label}
          </PageLink>
        </article>
      </div>
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Need more members or storage?{' '}
        <PageLink to="/pricing" className={textLinkClass}>
          Compare all plans on the pricing page
        </PageLink>
      </p>
    </LandingSection>
  );
}
