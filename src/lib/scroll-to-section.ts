/**
 * Scrolling to a landing-page section (SPEC §2 public header, §4 header). The header is fixed, so a
 * section must stop below its compact height, not at the very top where the bar would cover it.
 */

/** Compact header height (64px bar + 1px border) plus a small gap. */
export const sectionScrollOffset = 72;

export function prefersReducedMotion(win: Window = window): boolean {
  return win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Where the window must scroll to for `el` to sit just below the fixed header. */
export function sectionScrollTop(el: Element, win: Window = window): number {
  const margin = Number.parseFloat(win.getComputedStyle(el).scrollMarginTop) || 0;
  return Math.max(
    0,
    Math.round(el.getBoundingClientRect().top + win.scrollY - Math.max(margin, sectionScrollOffset)),
  );
}

/**
 * Scrolls to the section with this id: smoothly, unless the user asked for reduced motion.
 * Returns false when the page has no such section.
 */
export function scrollToSection(id: string, { smooth = true }: { smooth?: boolean } = {}): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  window.scrollTo({
    top: sectionScrollTop(el),
    behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant',
  });
  return true;
}

/**
 * Moves keyboard focus to the section, as a native anchor jump moves the starting point: to the
 * heading that labels it when that heading is focusable (tabIndex -1), else to the section itself
 * when it is. Never scrolls.
 */
export function focusSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  const labelId = el.getAttribute('aria-labelledby')?.split(' ')[0];
  const heading = labelId ? document.getElementById(labelId) : null;
  const target = heading?.hasAttribute('tabindex') ? heading : el.hasAttribute('tabindex') ? el : null;
  target?.focus({ preventScroll: true });
}

const userScrollEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the section with this id below the header once it exists, then keeps it there while the
 * page settles (late images, fonts, lazily rendered sections move it), until the position holds,
 * the visitor scrolls by themselves, `signal` aborts, or the time runs out. Resolves true when the
 * section was reached. With no such section it leaves the window at the top.
 */
export function settleOnSection(
  id: string,
  {
    signal,
    timeoutMs = 4000,
    stableFrames = 12,
  }: { signal?: AbortSignal; timeoutMs?: number; stableFrames?: number } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    const deadline = performance.now() + timeoutMs;
    let frame = 0;
    let found = false;
    let stable = 0;
    const finish = (reached: boolean) => {
      cancelAnimationFrame(frame);
      for (const type of userScrollEvents) window.removeEventListener(type, onUser);
      signal?.removeEventListener('abort', onAbort);
      resolve(reached);
    };
    const onUser = () => finish(found);
    const onAbort = () => finish(false);
    const step = () => {
      const el = document.getElementById(id);
      if (el) {
        found = true;
        const max = document.documentElement.scrollHeight - window.innerHeight;
        const want = Math.min(sectionScrollTop(el), Math.max(0, max));
        if (Math.abs(window.scrollY - want) > 1) {
          stable = 0;
          window.scrollTo({ top: want, behavior: 'instant' });
        } else if (++stable >= stableFrames) {
          return finish(true);
        }
      }
      if (performance.now() > deadline) return finish(found);
      frame = requestAnimationFrame(step);
    };
    if (signal?.aborted) return resolve(false);
    signal?.addEventListener('abort', onAbort);
    for (const type of userScrollEvents) window.addEventListener(type, onUser, { passive: true });
    // Until the section exists, show the top of the page rather than the previous page's offset.
    if (!document.getElementById(id)) window.scrollTo({ top: 0, behavior: 'instant' });
    step();
  });
}
