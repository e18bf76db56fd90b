import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { PageLink } from '@/components/ui/page-link';
import type { PublicNavEntry } from '@/config/marketing-content';
import { focusSection, scrollToSection, settleOnSection } from '@/lib/scroll-to-section';

interface SectionLinkProps {
  /** The id of a section of the landing page, e.g. 'services'. */
  target: string;
  className?: string;
  children: ReactNode;
  /** Called after a plain click (the mobile menu closes itself with it). */
  onNavigate?: () => void;
}

const isPlainClick = (e: MouseEvent) =>
  !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A link to a section of the landing page: a real `<a href="/#services">`, so it works before any
 * script and opens in a new tab as usual. On / a click scrolls to the section (smoothly, unless
 * reduced motion is asked for); elsewhere the browser loads / with the section in the hash, and
 * the home page scrolls there on arrival (scrollToSectionOnArrival).
 */
export function SectionLink({ target, className, children, onNavigate }: SectionLinkProps) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    onNavigate?.();
    if (window.location.pathname !== '/') return;
    e.preventDefault();
    if (scrollToSection(target)) focusSection(target);
  };

  return (
    <a href={`/#${target}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** One entry of the public navigation: a section anchor or a page. */
export function NavEntryLink({
  entry,
  className,
  onNavigate,
}: {
  entry: PublicNavEntry;
  className?: string;
  onNavigate?: () => void;
}) {
  if (entry.kind === 'anchor') {
    return (
      <SectionLink target={entry.target} className={className} onNavigate={onNavigate}>
        {entry.label}
      </SectionLink>
    );
  }
  return (
    <PageLink to={entry.to} className={className} onClick={onNavigate}>
      {entry.label}
    </PageLink>
  );
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

let arrivalHandled = false;

/**
 * On the first load of the home page with a hash (a section link followed from another page, or a
 * shared /#contact), brings that section below the fixed header once the page has settled, and
 * moves focus there. A reload or back/forward keeps the position the browser restores. Runs once
 * per document: the landing entry calls it, and so does the layout when the app renders / itself.
 */
export function scrollToSectionOnArrival() {
  if (arrivalHandled) return;
  arrivalHandled = true;
  if (window.location.pathname !== '/') return;
  const section = safeDecode(window.location.hash.slice(1));
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!section || (nav?.type ?? 'navigate') !== 'navigate') return;
  void settleOnSection(section).then((reached) => {
    if (reached) focusSection(section);
  });
}

export function useSectionScrollOnArrival() {
  useEffect(scrollToSectionOnArrival, []);
}
