import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Module from './install-app-button';

let InstallAppButton: typeof Module.InstallAppButton;

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function firePrompt() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

async function violations(container: HTMLElement) {
  // Colour contrast needs layout, which jsdom has not; the e2e suite checks it in both themes.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => v.id);
}

beforeEach(async () => {
  // A fresh install-prompt module per test: the deferred event is module state.
  vi.resetModules();
  ({ InstallAppButton } = await import('./install-app-button'));
});
afterEach(() => vi.restoreAllMocks());

describe('InstallAppButton', () => {
  it('offers nothing while the browser offers no installation (the icon waits hidden for public/boot.js)', () => {
    const { container } = render(<InstallAppButton />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('[data-boot="install"]')).toHaveAttribute('hidden');
    const { container: menu } = render(<InstallAppButton variant="menu" />);
    expect(menu).toBeEmptyDOMElement();
  });

  it('appears when beforeinstallprompt fires, even after mounting, and opens the browser prompt', async () => {
    render(<InstallAppButton />);
    const event = firePrompt();
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('shows a labelled full-width button in a menu', async () => {
    firePrompt();
    const { container } = render(<InstallAppButton variant="menu" />);
    expect(screen.getByRole('button', { name: 'Install app' })).toHaveTextContent('Install app');
    expect(await violations(container)).toEqual([]);
  });

  it('on iOS Safari, explains Add to Home Screen in a dialog that Escape closes', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const user = userEvent.setup();
    const { container } = render(<InstallAppButton />);
    const toggle = screen.getByRole('button', { name: 'Install app' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Install NGO Portal' });
    expect(dialog).toHaveTextContent('Share');
    expect(dialog).toHaveTextContent('Add to Home Screen');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await violations(container)).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});
