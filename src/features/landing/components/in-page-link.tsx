import type { MouseEvent, ReactNode } from 'react';
import { scrollToSection } from '@/lib/scroll-to-section';
import { sectionHeadingId } from './landing-section';

/**
 * A real in-page link (`href="#id"`: it works in the prerendered HTML before the script loads),
 * enhanced with a smooth scroll that stops below the fixed header (none under reduced motion).
 * Focus moves to the section's heading, as a native anchor jump would move the keyboard's
 * starting point. Modified clicks keep the browser's own behaviour.
 */
export function InPageLink({
  target,
  className,
  children,
}: {
  target: string;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!scrollToSection(target)) return;
    event.preventDefault();
    document.getElementById(sectionHeadingId(target))?.focus({ preventScroll: true });
  };
  return (
    <a href={`#${target}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
