import { PageLink } from '@/components/ui/page-link';
import { ArrowRight } from 'lucide-react';
import { LandingSection } from './landing-section';

const linkCard =
  'flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 font-semibold text-slate-900 hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:text-white dark:hover:border-brand-500';

/** Where the visitor can go next on the public site: pricing, grants and blogs. */
export function AboutSection() {
  return (
    <LandingSection
      id="about"
      title="About us"
      tone="tinted"
      intro="We build NGO Portal so that people working for a cause spend their time on the cause, not on juggling spreadsheets and separate tools. Have a look around before you sign up."
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        <li>
          <PageLink to="/public-grants" className={linkCard}>
            Latest Grants
            <ArrowRight aria-hidden className="size-5 text-brand-700 dark:text-brand-100" />
          </PageLink>
        </li>
        <li>
          <PageLink to="/public-blogs" className={linkCard}>
            Latest Blogs
            <ArrowRight aria-hidden className="size-5 text-brand-700 dark:text-brand-100" />
          </PageLink>
        </li>
        <li>
          <PageLink to="/pricing" className={linkCard}>
            Pricing
            <ArrowRight aria-hidden className="size-5 text-brand-700 dark:text-brand-100" />
          </PageLink>
        </li>
      </ul>
    </LandingSection>
  );
}
