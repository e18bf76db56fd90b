import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  focusSection,
  scrollToSection,
  sectionScrollOffset,
  sectionScrollTop,
  settleOnSection,
} from './scroll-to-section';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((q: string) => ({ matches: reduce && q.includes('reduce'), media: q })),
  );
}

/** jsdom has no layout: place the element `top` px below the top of the window. */
function placeAt(el: HTMLElement, top: () => number) {
  el.getBoundingClientRect = () => ({ top: top() }) as DOMRect;
}

describe('scroll to a section', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.body.innerHTML = '';
    stubReducedMotion(false);
    scrollTo = vi.fn();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reports a missing section and does not scroll', () => {
    expect(scrollToSection('nowhere')).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('stops the section below the fixed header, smoothly', () => {
    document.body.innerHTML = '<section id="services"></section>';
    placeAt(document.getElementById('services')!, () => 1000);
    expect(scrollToSection('services')).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1000 - sectionScrollOffset, behavior: 'smooth' });
  });

  it('jumps without animation when reduced motion is asked for', () => {
    stubReducedMotion(true);
    document.body.innerHTML = '<section id="about"></section>';
    placeAt(document.getElementById('about')!, () => 500);
    scrollToSection('about');
    expect(scrollTo).toHaveBeenCalledWith({ top: 500 - sectionScrollOffset, behavior: 'instant' });
  });

  it("honours a section's larger scroll margin", () => {
    document.body.innerHTML = '<section id="contact" style="scroll-margin-top: 100px"></section>';
    const el = document.getElementById('contact')!;
    placeAt(el, () => 800);
    expect(sectionScrollTop(el)).toBe(700);
  });

  it('focuses the focusable heading that labels the section, without scrolling', () => {
    document.body.innerHTML =
      '<section id="about" aria-labelledby="about-heading"><h2 id="about-heading" tabindex="-1">About</h2></section>';
    const heading = document.getElementById('about-heading')!;
    const focus = vi.spyOn(heading, 'focus');
    focusSection('about');
    expect(document.activeElement).toBe(heading);
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('waits for a section that renders later, then settles on it', async () => {
    let y = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    scrollTo.mockImplementation(({ top }: { top: number }) => {
      y = top;
    });
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    const settled = settleOnSection('get-started', { stableFrames: 2 });
    // Not there yet: the window shows the top of the page meanwhile.
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    const section = document.createElement('section');
    section.id = 'get-started';
    placeAt(section, () => 2000 - y);
    document.body.append(section);
    await expect(settled).resolves.toBe(true);
    expect(y).toBe(2000 - sectionScrollOffset);
    Reflect.deleteProperty(window, 'scrollY');
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  it('gives up when the visitor scrolls by themselves or the page is left', async () => {
    const controller = new AbortController();
    const left = settleOnSection('never', { signal: controller.signal });
    controller.abort();
    await expect(left).resolves.toBe(false);
    const interrupted = settleOnSection('never');
    window.dispatchEvent(new Event('wheel'));
    await expect(interrupted).resolves.toBe(false);
  });
});
