import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render-with-router';
import { MarketingLayout } from './marketing-layout';

function stubMedia() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((q: string) => ({
      matches: false,
      media: q,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const page = (
  <MarketingLayout footerSlot={<p>Newsletter here</p>}>
    <h1>Pricing</h1>
  </MarketingLayout>
);

describe('public header', () => {
  beforeEach(stubMedia);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the desktop entries in order, without Testimonials, and the calls to action', async () => {
    await renderWithRouter(page, { path: '/pricing' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Services', 'About', 'Grants', 'Blog', 'Pricing', 'Contact']);
    expect(within(main).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    expect(within(main).getByRole('link', { name: 'Grants' })).toHaveAttribute('href', '/public-grants');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(banner).getByRole('link', { name: 'Start for Free' })).toHaveAttribute('href', '/signup');
    expect(within(banner).getByRole('link', { name: /NGO Portal\s*For Nonprofits/ })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(banner).getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
    expect(banner).toHaveAttribute('data-scrolled', 'false');
  });

  it('opens the mobile menu with all seven entries, the auth links and the social links; Escape closes it', async () => {
    const { user } = await renderWithRouter(page, { path: '/pricing' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(panel.className).toContain('max-h-[80vh]');
    const nav = within(panel).getByRole('navigation', { name: 'Mobile' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Services',
      'About',
      'Grants',
      'Blog',
      'Pricing',
      'Testimonials',
      'Contact',
      'Sign In',
      'Sign Up',
    ]);
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    for (const name of ['Facebook', 'Twitter', 'LinkedIn', 'GitHub']) {
      expect(within(panel).getByRole('link', { name })).toBeInTheDocument();
    }
    // Item i waits i × 0.07 s.
    expect(within(nav).getAllByRole('listitem')[2]?.className).toContain(
      'motion-safe:[animation-delay:0.14s]',
    );

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('renders the skip link first, the main landmark and the footer with its slot', async () => {
    const { user } = await renderWithRouter(page, { path: '/pricing' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveAttribute('id', 'footer');
    expect(within(footer).getByText('Newsletter here')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help-center');
    expect(within(footer).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/#get-started',
    );
  });

  it('from another page, leaves the click to the browser: it loads /#contact, and / scrolls there', async () => {
    await renderWithRouter(page, { path: '/pricing' });
    window.history.replaceState(null, '', '/pricing');
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Contact',
    });
    expect(link).toHaveAttribute('href', '/#contact');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    // Not prevented: the browser follows the real link (the end-to-end suite checks the scroll).
    expect(click.defaultPrevented).toBe(false);
  });
});
