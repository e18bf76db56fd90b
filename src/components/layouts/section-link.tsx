import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import type { PublicNavEntry } from '@/config/marketing-content';
import {
  clearSectionScroll,
  focusSection,
  pendingSectionScroll,
  requestSectionScroll,
  scrollToSection,
  settleOnSection,
} from '@/lib/scroll-to-section';

interface SectionLinkProps {
  /** The id of a section of the landing page, e.g. 'services'. */
  target: string;
  className?: string;
  children: ReactNode;
  /** Called after a plain click was handled (the mobile menu closes itself with it). */
  onNavigate?: () => void;
}

/**
 * A link to a section of the landing page. A real `<a href="/#services">`, so it works before the
 * app has loaded and opens in a new tab as usual. On / a click scrolls to the section (smoothly,
 * unless reduced motion is asked for); elsewhere it goes to / and the home page then scrolls there.
 */
export function SectionLink({ target, className, children, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const router = useRouter();

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate?.();
    if (pathname === '/') {
      if (scrollToSection(target)) focusSection(target);
      return;
    }
    requestSectionScroll(target);
    // The home page scrolls once it has rendered (useSectionScrollOnArrival); the router must not
    // jump first to a section that may not exist yet.
    void navigate({ to: '/', hash: target, hashScrollIntoView: false });
  };

  const preload = () => {
    if (pathname !== '/') router.preloadRoute({ to: '/' }).catch(() => undefined);
  };

  return (
    <a href={`/#${target}`} className={className} onClick={onClick} onMouseEnter={preload} onFocus={preload}>
      {children}
    </a>
  );
}

/** One entry of the public navigation: a section anchor or a route. */
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
    // The content module types `to` as a plain string; every entry is one of the app's routes.
    <Link to={entry.to as '/'} className={className} onClick={onNavigate}>
      {entry.label}
    </Link>
  );
}

let initialLoadChecked = false;

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/**
 * On the home page: scrolls to the section another page asked for, once it has rendered. On the
 * first load of the document with a hash (a link followed before the app loaded, or a shared
 * /#contact), brings that section below the fixed header too; a reload or back/forward keeps the
 * position the browser restores.
 */
export function useSectionScrollOnArrival() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!initialLoadChecked) {
      initialLoadChecked = true;
      const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
      const hash = safeDecode(window.location.hash.slice(1));
      if (pathname === '/' && hash && (nav?.type ?? 'navigate') === 'navigate') requestSectionScroll(hash);
    }
    if (pathname !== '/') return;
    // Read, not taken: StrictMode runs this effect twice and the first run is aborted at once.
    const section = pendingSectionScroll();
    if (!section) return;
    const controller = new AbortController();
    void settleOnSection(section, { signal: controller.signal }).then((reached) => {
      if (controller.signal.aborted) return;
      clearSectionScroll(section);
      if (reached) focusSection(section);
    });
    return () => controller.abort();
  }, [pathname]);
}
