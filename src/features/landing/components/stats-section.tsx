import { stats, trustedByLine } from '@/config/marketing-content';
import { LandingSection } from './landing-section';

export function StatsSection() {
  return (
    <LandingSection id="stats" title="NGO Portal in numbers" tone="tinted">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((s) => (
          // The label comes first for screen readers ('Countries: 32'); the figure leads visually.
          <div
            key={s.label}
            className="flex flex-col-reverse items-center gap-1 rounded-xl bg-white p-5 text-center shadow-sm dark:bg-slate-900"
          >
            <dt className="text-sm font-medium text-slate-700 sm:text-base dark:text-slate-300">{s.label}</dt>
            <dd className="text-3xl font-extrabold text-brand-700 sm:text-4xl dark:text-brand-100">
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 text-center text-lg font-semibold text-slate-900 dark:text-white">{trustedByLine}</p>
    </LandingSection>
  );
}
