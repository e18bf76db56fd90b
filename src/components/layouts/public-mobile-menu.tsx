import { PageLink } from '@/components/ui/page-link';
import { Menu, X } from 'lucide-react';
import type { Ref } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { InstallAppButton } from '@/components/ui/install-app-button';
import { publicNav } from '@/config/marketing-content';
import { useInstallOption } from '@/lib/install-prompt';
import { NavEntryLink } from './section-link';
import { SocialLinks } from './social-icons';

export const mobileMenuId = 'public-mobile-menu';

/**
 * Item i waits i × 0.07 s (SPEC §9). Whole class names, so Tailwind finds them in the source, and
 * classes rather than inline styles, so the prerendered HTML needs no inline style. Only under
 * motion-safe: with reduced motion there is neither animation nor delay.
 */
const staggerDelays = [
  'motion-safe:[animation-delay:0s]',
  'motion-safe:[animation-delay:0.07s]',
  'motion-safe:[animation-delay:0.14s]',
  'motion-safe:[animation-delay:0.21s]',
  'motion-safe:[animation-delay:0.28s]',
  'motion-safe:[animation-delay:0.35s]',
  'motion-safe:[animation-delay:0.42s]',
  'motion-safe:[animation-delay:0.49s]',
  'motion-safe:[animation-delay:0.56s]',
  'motion-safe:[animation-delay:0.63s]',
  'motion-safe:[animation-delay:0.7s]',
  'motion-safe:[animation-delay:0.77s]',
];
// The keyframes live in marketing-layout.css; `both` keeps an item hidden during its delay.
const itemIn = 'motion-safe:animate-[public-menu-item-in_0.3s_ease-out_both]';
const staggered = (i: number) => cn(itemIn, staggerDelays[Math.min(i, staggerDelays.length - 1)]);

const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 data-[status=active]:text-brand-700 dark:data-[status=active]:text-brand-100';

export function MobileMenuButton({
  open,
  onToggle,
  ref,
}: {
  open: boolean;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={mobileMenuId}
      // public/boot.js opens and closes the menu until this is hydrated (ADR 0025).
      data-boot="menu"
      onClick={onToggle}
      className="group inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {/* Both icons are in the markup and aria-expanded picks one, so boot.js need not swap them. */}
      <Menu aria-hidden className="size-6 group-aria-expanded:hidden" />
      <X aria-hidden className="hidden size-6 group-aria-expanded:block" />
    </button>
  );
}

/**
 * The mobile menu: all seven entries in the order of SPEC §2 (Services, About, Grants, Blog,
 * Pricing, Testimonials, Contact), the auth links ('Sign In', 'Sign Up') and the social
 * placeholders. Always in the document (hidden while closed) so aria-controls points at something;
 * showing it again restarts the item animations.
 */
export function MobileMenuPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const auth = publicNav.length;
  const installable = useInstallOption() !== 'none';
  return (
    <div
      id={mobileMenuId}
      hidden={!open}
      className="absolute inset-x-0 top-full max-h-[80vh] overflow-y-auto overscroll-contain border-b border-slate-200 bg-white shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-950"
    >
      <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 py-3">
        <ul className="flex flex-col gap-1">
          {publicNav.map((entry, i) => (
            <li key={entry.label} className={staggered(i)}>
              <NavEntryLink entry={entry} className={linkClass} onNavigate={onClose} />
            </li>
          ))}
          <li className={cn('mt-2 border-t border-slate-200 pt-3 dark:border-slate-800', staggered(auth))}>
            <PageLink to="/signin" className={buttonClass('secondary', 'w-full')} onClick={onClose}>
              Sign In
            </PageLink>
          </li>
          <li className={cn('pt-1', staggered(auth + 1))}>
            <PageLink to="/signup" className={buttonClass('primary', 'w-full')} onClick={onClose}>
              Sign Up
            </PageLink>
          </li>
          {installable && (
            <li className={cn('pt-1', staggered(auth + 2))}>
              <InstallAppButton variant="menu" />
            </li>
          )}
        </ul>
      </nav>
      <SocialLinks className={cn('mx-auto max-w-6xl justify-center px-4 pb-4', staggered(auth + 2))} />
    </div>
  );
}
