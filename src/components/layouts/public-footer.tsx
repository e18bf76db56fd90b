import { PageLink } from '@/components/ui/page-link';
import type { ReactNode } from 'react';
import { footerColumns } from '@/config/marketing-content';
import { BrandLogo } from './brand-logo';
import { NavEntryLink } from './section-link';
import { SocialLinks } from './social-icons';

const footerLinkClass =
  'text-sm text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-100';

/**
 * The public footer: the link columns of the content module (section anchors behave as in the
 * header), the social placeholders, the copyright and an optional slot (the landing page's
 * newsletter form).
 */
export function PublicFooter({ slot }: { slot?: ReactNode }) {
  return (
    <footer
      id="footer"
      className="border-t border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <div className="px-4 py-12">
        <div className="mx-auto max-w-6xl">
          <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="flex flex-col gap-6">
              <PageLink to="/" className="self-start rounded-lg">
                <BrandLogo />
              </PageLink>
              {slot}
            </div>
            <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
              {footerColumns.map((column) => (
                <div key={column.heading}>
                  <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.heading}</h2>
                  <ul className="mt-3 flex flex-col gap-2">
                    {column.links.map((entry) => (
                      <li key={entry.label}>
                        <NavEntryLink entry={entry} className={footerLinkClass} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          </div>
          <div className="mt-10 flex flex-col-reverse items-start gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            {/* Prerendered at build time: the year may differ from the visitor's clock at hydration. */}
            <p className="text-sm" suppressHydrationWarning>
              © {new Date().getFullYear()} NGO Portal
            </p>
            <SocialLinks className="-ml-3 sm:ml-0" />
          </div>
        </div>
      </div>
    </footer>
  );
}
