import type { MouseEvent } from 'react';

/**
 * The first focusable element of the public pages: hidden until focused, then moves focus to
 * <main id="main" tabIndex={-1}>. A plain fragment link, so it also works before the app loads; with
 * the app running it moves focus itself instead of adding #main to the address.
 */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    e.preventDefault();
    target.focus();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className="sr-only rounded-lg bg-white px-4 py-3 text-sm font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 dark:bg-slate-900 dark:text-brand-100"
    >
      Skip to main content
    </a>
  );
}
