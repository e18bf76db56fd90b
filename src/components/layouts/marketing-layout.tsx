import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { buttonClass } from '@/components/ui/button';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { BrandLogo } from './brand-logo';

/** The visitors' frame: header with the calls to action, content, footer. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/">
            <BrandLogo />
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
            <Link to="/public-grants" className="hidden px-2 text-sm font-medium hover:underline md:inline">
              Grants
            </Link>
            <Link to="/public-blogs" className="hidden px-2 text-sm font-medium hover:underline md:inline">
              Blog
            </Link>
            <Link to="/pricing" className="hidden px-2 text-sm font-medium hover:underline md:inline">
              Pricing
            </Link>
            <ThemeToggle />
            <Link to="/signin" className={buttonClass('ghost')}>
              Sign In
            </Link>
            <Link to="/signup" className={buttonClass('primary', 'hidden sm:inline-flex')}>
              Start for Free
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-slate-200 px-4 py-6 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-x-4 gap-y-2">
          <span>© {new Date().getFullYear()} NGO Portal</span>
          <Link to="/privacy-policy" className="hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className="hover:underline">
            Terms of Service
          </Link>
          <Link to="/help-center" className="hover:underline">
            Help Center
          </Link>
        </div>
      </footer>
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </div>
  );
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
