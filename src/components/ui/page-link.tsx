import type { AnchorHTMLAttributes } from 'react';
import { currentPathname } from '@/lib/current-path';

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A plain document link for the public site's frame and landing page. Those render without the
 * router on the landing page (only its interactive islands are hydrated, ADR 0007), so a link is a
 * real `<a>` that loads the prerendered page. The current page is marked the way the router marks
 * it (`aria-current`, `data-status="active"`), so both share one style.
 */
export function PageLink({ to, ...props }: PageLinkProps) {
  const current = currentPathname() === to;
  return (
    <a
      href={to}
      aria-current={current ? 'page' : undefined}
      data-status={current ? 'active' : undefined}
      {...props}
    />
  );
}
