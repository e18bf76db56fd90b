import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export const sectionHeadingId = (id: string) => `${id}-heading`;

/**
 * One landing page section: an id for the anchors, an h2 that names it, and a scroll margin so the
 * heading is not hidden under the fixed header when a link scrolls to it. The heading takes focus
 * (tabIndex -1) after an in-page link, so keyboard and screen-reader users land where they looked.
 */
export function LandingSection({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  const headingId = sectionHeadingId(id);
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-20 px-4 py-14 sm:py-20',
        tone === 'tinted' && 'bg-slate-50 dark:bg-slate-900/60',
      )}
    >
      <div className="mx-auto max-w-6xl">
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
        >
          {title}
        </h2>
        {intro && (
          <p className="mt-3 max-w-3xl text-base text-slate-700 sm:text-lg dark:text-slate-300">{intro}</p>
        )}
        <div className="mt-8 sm:mt-10">{children}</div>
      </div>
    </section>
  );
}
