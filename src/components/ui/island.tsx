import type { ReactNode } from 'react';

/**
 * Marks an interactive part of a page whose markup is otherwise static. The landing page's entry
 * hydrates each island on its own (src/landing.tsx) instead of the whole page, so the static rest
 * costs no JavaScript (ADR 0007). `display: contents` keeps the wrapper out of the layout.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
