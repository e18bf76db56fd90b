import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { OnlineSubmitButton } from './needs-network';

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
});

describe('OnlineSubmitButton', () => {
  it('submits online, and offline is disabled with the reason tied to it', () => {
    render(
      <form>
        <OnlineSubmitButton offlineReason="Signing in needs a connection.">Sign In</OnlineSubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.queryByText('Signing in needs a connection.')).toBeNull();

    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Signing in needs a connection.');
  });
});
