import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useAppReadyMark } from '@/lib/app-ready';
import { BrandLogo } from './brand-logo';
import { OfflineBanner } from './offline-banner';
import { SkipLink } from './skip-link';

/**
 * The frame of a page that does one job for someone who may have no account: the public form a
 * volunteer fills (issue 14). The brand, the theme switch, the page, the offline bar and toasts; none
 * of the public site's menus, so the page loads and reads like the form itself (as Enketo's does) and a
 * slow phone downloads little more than the form.
 */
export function FormFrame({ children }: { children: ReactNode }) {
  useAppReadyMark('content');
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="mx-auto flex w-full max-w-2xl items-center justify-between gap-3 px-4 py-2">
          <a href="/" aria-label="NGO Portal home" className="rounded-lg">
            <BrandLogo tagline={false} />
          </a>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <LazyToaster duration={5000} />
      <OfflineBanner />
    </div>
  );
}
