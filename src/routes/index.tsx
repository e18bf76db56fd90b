import { createFileRoute, Link } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { buttonClass } from '@/components/ui/button';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  return (
    <MarketingLayout>
      <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">
          The all-in-one platform for nonprofits and NGOs
        </h1>
        <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Impact reporting, fundraising, volunteers, data collection and a grants database, in one place that
          works on any phone, even offline.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/signup" className={buttonClass('primary')}>
            Start for Free
          </Link>
          <Link to="/public-grants" className={buttonClass('secondary')}>
            Browse grants
          </Link>
        </div>
      </section>
    </MarketingLayout>
  );
}
