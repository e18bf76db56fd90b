import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { PhoneSection } from './phone-section';

const PHONE_MESSAGE = 'Enter a phone number with its country code, e.g. +250 788 123 456.';

/** The server of /api/me/phone, with a number to start from; `put` answers a PUT instead of storing. */
function stubPhone(start: string | null, put?: (request: StubbedRequest) => Response) {
  let phone = start;
  return stubFetch((request) => {
    if (!request.url.endsWith('/api/me/phone')) return jsonResponse({ message: 'Not found.' }, 404);
    if (request.method === 'PUT') {
      if (put) return put(request);
      phone = (request.body as { phone: string }).phone;
      return jsonResponse({ phone });
    }
    if (request.method === 'DELETE') {
      phone = null;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ phone });
  });
}

const render = () => renderWithRouter(<PhoneSection />, { path: '/settings' });
const input = () => screen.getByRole('textbox', { name: 'Phone number' });

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
  window.dispatchEvent(new Event('online'));
});

describe('PhoneSection', () => {
  it('shows the current number and saves a new one in its stored form', async () => {
    const { requests } = stubPhone('+250788123456');
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = await render();
    expect(await screen.findByTestId('current-phone')).toHaveTextContent('Current number: +250788123456');
    expect(input()).toHaveValue('+250788123456');
    expect(input()).toHaveAttribute('type', 'tel');
    expect(input()).toHaveAttribute('autocomplete', 'tel');

    await user.clear(input());
    await user.type(input(), '0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Saved. Text messages go to +250722000111.'),
    );
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ phone: '+250722000111' });
    expect(screen.getByTestId('current-phone')).toHaveTextContent('Current number: +250722000111');
    expect(input()).toHaveValue('+250722000111');
  });

  it('refuses a number without a country code before sending it', async () => {
    const { requests } = stubPhone(null);
    const { user } = await render();
    expect(await screen.findByTestId('current-phone')).toHaveTextContent('No number yet.');
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.type(input(), '788 123 456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('puts the server’s field message on the input', async () => {
    stubPhone(null, () =>
      jsonResponse(
        {
          message: 'Some fields are invalid.',
          code: 'validation_failed',
          fields: { phone: 'Not a number we can text.' },
        },
        400,
      ),
    );
    const toastError = vi.spyOn(toast, 'error');
    const { user } = await render();
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+250788123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a number we can text.')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveFocus();
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.getByTestId('current-phone')).toHaveTextContent('No number yet.');
  });

  it('removes the number', async () => {
    const { requests } = stubPhone('+250788123456');
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Phone number removed. You will get no text messages.'),
    );
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByTestId('current-phone')).toHaveTextContent('No number yet.');
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('says why Save and Remove wait while offline', async () => {
    stubPhone('+250788123456');
    await render();
    await screen.findByTestId('current-phone');
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const note = await screen.findByText('You are offline. Changing your number needs a connection.');
    for (const name of ['Save', 'Remove']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', note.id);
    }
  });

  it('offers Retry when the number cannot be loaded', async () => {
    let fail = true;
    stubFetch(() =>
      fail ? jsonResponse({ message: 'Server trouble.' }, 500) : jsonResponse({ phone: null }),
    );
    const { user } = await render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server trouble.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('current-phone')).toHaveTextContent('No number yet.');
  });
});
