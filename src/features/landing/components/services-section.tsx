import {
  BrainCircuit,
  ChartColumn,
  ClipboardList,
  Database,
  HandCoins,
  Share2,
  ShieldCheck,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { features } from '@/config/marketing-content';
import { FeatureDetailsDialog } from './feature-details-dialog';
import { LandingSection } from './landing-section';

const icons: Record<string, LucideIcon> = {
  'impact-reporting': ChartColumn,
  'ai-insights': Sparkles,
  'cloud-storage': ShieldCheck,
  fundraising: HandCoins,
  'social-media': Share2,
  people: Users,
  'ai-models': BrainCircuit,
  'grants-database': Database,
  'data-collection': ClipboardList,
};

/** The nine feature cards (SPEC §1), each with its 'Learn more' dialog. */
export function ServicesSection() {
  return (
    <LandingSection
      id="services"
      title="Everything your organisation needs"
      intro={`${features.length} tools that work together in one platform.`}
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => {
          const Icon = icons[feature.id] ?? Sparkles;
          return (
            <li
              key={feature.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
              <p className="flex-1 text-slate-700 dark:text-slate-300">{feature.summary}</p>
              <FeatureDetailsDialog feature={feature} />
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
