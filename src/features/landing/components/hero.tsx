import { buttonClass } from '@/components/ui/button';
import { Island } from '@/components/ui/island';
import { InPageLink } from './in-page-link';

/** Above the fold: text and two in-page calls to action only, no images (slow phones). */
export function Hero() {
  return (
    <div className="bg-linear-to-b from-brand-50 to-white px-4 pt-28 pb-4 sm:pt-36 sm:pb-8 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          The all-in-one platform for nonprofits and NGOs
        </h1>
        <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Impact reporting, fundraising, volunteers, data collection and a grants database, in one place that
          works on any phone, even offline.
        </p>
        <Island name="hero-actions">
          <HeroActions />
        </Island>
      </div>
    </div>
  );
}

/** SPEC §2: 'Start for Free' scrolls to get-started, 'View Features' to services. */
export function HeroActions() {
  return (
    <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
      <InPageLink target="get-started" className={buttonClass('primary')}>
        Start for Free
      </InPageLink>
      <InPageLink target="services" className={buttonClass('secondary')}>
        View Features
      </InPageLink>
    </div>
  );
}
