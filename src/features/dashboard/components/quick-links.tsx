import { Link, type LinkProps } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { ChevronRight } from 'lucide-react';

export interface QuickLink {
  to: NonNullable<LinkProps['to']>;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** Large tap targets (a whole row on a phone) into the rest of the portal. */
export function QuickLinks({ links, label }: { links: QuickLink[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {links.map(({ to, label: linkLabel, description, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex min-h-16 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500 dark:hover:bg-slate-800"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold text-slate-900 dark:text-white">{linkLabel}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{description}</span>
            </span>
            <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
