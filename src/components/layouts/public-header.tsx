import { PageLink } from '@/components/ui/page-link';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { InstallAppButton } from '@/components/ui/install-app-button';
import { OutboxStatus } from '@/components/outbox/outbox-status';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { desktopNav } from '@/config/marketing-content';
import { BrandLogo } from './brand-logo';
import { MobileMenuButton, MobileMenuPanel, mobileMenuId } from './public-mobile-menu';
import { NavEntryLink } from './section-link';

/** SPEC §9: the bar turns compact once the page is scrolled more than this many pixels. */
export const compactThreshold = 10;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** False on the server and while hydrating, so the prerendered HTML and the first render agree. */
function useScrolledPast(px: number) {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > px,
    () => false,
  );
}

/**
 * Whether the menu is open on screen: boot.js may have opened it before hydration, and the header
 * starts from what the visitor sees (the same markup, so hydration does not mismatch). Closed on
 * the server.
 */
const menuOpenOnScreen = () =>
  typeof document !== 'undefined' && document.getElementById(mobileMenuId)?.hidden === false;

const desktopLinkClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white data-[status=active]:text-brand-700 dark:data-[status=active]:text-brand-100';

/**
 * The visitors' fixed top bar (SPEC §2 'Public header', §4 'Header', 'Mobile menu'). Transparent
 * and tall at the top of the page, compact with a blurred translucent background and a border once
 * scrolled; `data-scrolled` exposes that state. The mobile menu takes over below the lg breakpoint.
 *
 * The bar answers before its code has loaded (ADR 0025): public/boot.js runs the theme toggle and
 * the menu and keeps `data-scrolled` and `data-menu-open` up to date, so every style here follows
 * those attributes rather than React state, and the header adopts the menu's state on hydration.
 */
export function PublicHeader() {
  const scrolled = useScrolledPast(compactThreshold);
  const [menuOpen, setMenuOpen] = useState(menuOpenOnScreen);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    // Widening the window past the breakpoint hides the panel; do not leave it open behind the scenes.
    const desktop = window.matchMedia('(min-width: 64rem)');
    const onBreakpoint = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    desktop.addEventListener('change', onBreakpoint);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      desktop.removeEventListener('change', onBreakpoint);
    };
  }, [menuOpen]);

  // The app hydrates in a transition, over many tasks: boot.js may still open or close the menu
  // after this component has rendered and before its hydration is committed. Adopt the screen's.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing with the DOM boot.js changed
    setMenuOpen(menuOpenOnScreen());
  }, []);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      ref={headerRef}
      id="public-header"
      data-scrolled={scrolled ? 'true' : 'false'}
      data-menu-open={menuOpen ? 'true' : 'false'}
      className={cn(
        'group/header fixed inset-x-0 top-0 z-40 border-b border-transparent bg-transparent transition-[background-color,border-color,box-shadow] duration-300',
        'data-[scrolled=false]:data-[menu-open=true]:bg-white dark:data-[scrolled=false]:data-[menu-open=true]:bg-slate-950',
        'data-[scrolled=true]:border-slate-200 data-[scrolled=true]:bg-white/80 data-[scrolled=true]:shadow-sm data-[scrolled=true]:backdrop-blur-md dark:data-[scrolled=true]:border-slate-800 dark:data-[scrolled=true]:bg-slate-950/80',
      )}
    >
      {/* 48px row + padding: 80px tall at the top, 64px compact (sectionScrollOffset counts on it). */}
      <div className="mx-auto box-content flex h-12 max-w-6xl items-center justify-between gap-2 px-4 py-4 transition-[padding] duration-300 group-data-[scrolled=true]/header:py-2">
        <PageLink to="/" className="shrink-0 rounded-lg" onClick={closeMenu}>
          <BrandLogo />
        </PageLink>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {desktopNav.map((entry) => (
              <li key={entry.label}>
                <NavEntryLink entry={entry} className={desktopLinkClass} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 lg:gap-2">
          {/* A wrapper hides them: buttonClass's own inline-flex would beat a `hidden` beside it. */}
          <div className="hidden items-center gap-2 lg:flex">
            <InstallAppButton />
            <PageLink to="/signin" className={buttonClass('ghost')}>
              Sign In
            </PageLink>
            <PageLink to="/signup" className={buttonClass('primary')}>
              Start for Free
            </PageLink>
          </div>
          <OutboxStatus hideWhenEmpty />
          <ThemeToggle />
          <MobileMenuButton ref={toggleRef} open={menuOpen} onToggle={() => setMenuOpen((o) => !o)} />
        </div>
      </div>
      <MobileMenuPanel open={menuOpen} onClose={closeMenu} />
    </header>
  );
}
