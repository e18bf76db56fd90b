import { within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { MarketingLayout } from './marketing-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'scrollY');
});

const page = (
  <MarketingLayout footerSlot={<p>Newsletter here</p>}>
    <h1>Pricing</h1>
  </MarketingLayout>
);

it('prerenders the header closed and at the top, then hydrates without a mismatch in a scrolled dark page', async () => {
  const { html, container } = await prerenderAndHydrate(page, '/pricing', () => {
    // The visitor's browser differs from the build machine: dark theme stored, page already scrolled.
    localStorage.setItem('theme', 'dark');
    document.documentElement.classList.add('dark');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
    vi.stubGlobal(
      'matchMedia',
      vi.fn().mockImplementation((q: string) => ({
        matches: false,
        media: q,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
  });
  expect(html).toContain('data-scrolled="false"');
  expect(html).toContain('aria-label="Open menu"');
  expect(html).toContain('href="/#services"');
  expect(html).toContain('Skip to main content');
  expect(html).toContain('Newsletter here');

  // After hydration the browser's state shows.
  const banner = within(container).getByRole('banner');
  expect(banner).toHaveAttribute('data-scrolled', 'true');
  expect(within(banner).getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
});
