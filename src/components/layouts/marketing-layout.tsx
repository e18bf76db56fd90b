import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Island } from '@/components/ui/island';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useAppReadyMark } from '@/lib/app-ready';
import { OfflineBanner } from './offline-banner';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { useSectionScrollOnArrival } from './section-link';
import { SkipLink } from './skip-link';

export interface MarketingLayoutProps {
  children: ReactNode;
  /** Rendered inside the footer, beside the link columns (the landing page's newsletter form). */
  footerSlot?: ReactNode;
  /**
   * The page starts under the transparent bar instead of below it (a hero whose background should
   * reach the top of the window). Its first block must then pad its top by at least the bar's
   * height at the top of the page, 80px (`pt-20`).
   */
  underHeader?: boolean;
}

/**
 * The visitors' frame: skip link, fixed header, content, footer. Renders the same on the server
 * (prerendered pages) as in the browser's first render; browser state is read in effects only.
 */
export function MarketingLayout({ children, footerSlot, underHeader = false }: MarketingLayoutProps) {
  useSectionScrollOnArrival();
  // Every hydrated page of the app is drawn in this frame: its commit is the page's (src/lib/app-ready.ts).
  useAppReadyMark('content');
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Island name="public-header">
        <PublicHeader />
      </Island>
      {/* The bar is fixed; this padding is its full (top-of-page) height, so nothing starts under it. */}
      <main id="main" tabIndex={-1} className={cn('flex-1', !underHeader && 'pt-20')}>
        {children}
      </main>
      <PublicFooter slot={footerSlot} />
      <Island name="toaster">
        <MarketingToaster />
      </Island>
      <Island name="offline-banner">
        <OfflineBanner />
      </Island>
    </div>
  );
}

/** SPEC §9: landing side toasts top-right, closing after 5000 ms. */
export function MarketingToaster() {
  return <LazyToaster duration={5000} />;
}

/** A narrow centred card for the sign-in family of screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MarketingLayout>
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </MarketingLayout>
  );
}
