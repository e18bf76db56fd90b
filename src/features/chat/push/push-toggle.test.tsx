import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/session';
import { PushToggle } from './push-toggle';

/*
 * 'Notify me': the browser's permission asked only on a tap, the subscription made with the server's
 * VAPID key and handed to the server; turned off, it is forgotten on both sides. The browser's push
 * API is stood in here (jsdom has none); the server's side is server/routes/push/push.test.ts.
 */

const publicKey = 'BD79pO0hiIj0d1ZjgLyfPq3e7CXmv3SP9HyjvSLdjaX7HeS4OuffGO0_38ph9UT1rTVyZelNpBtSsrhSnU4nZ7k';
const subscriptionJson = {
  endpoint: 'https://push.example/send/abc',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

let permission: NotificationPermission;
let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null;
const subscribe = vi.fn();

function installBrowserPush() {
  permission = 'default';
  current = null;
  const made = {
    endpoint: subscriptionJson.endpoint,
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(() => {
      current = null;
      return Promise.resolve(true);
    }),
  };
  subscribe.mockReset().mockImplementation(() => {
    current = made;
    return Promise.resolve(made);
  });
  const registration = {
    pushManager: { getSubscription: () => Promise.resolve(current), subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(() => {
      if (permission === 'default') permission = 'granted';
      return Promise.resolve(permission);
    }),
  });
}

beforeEach(() => {
  signInAs({ id: 'grace', role: 'VOLUNTEER', name: 'Grace Volunteer' });
  installBrowserPush();
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushToggle', () => {
  it('subscribes with the server’s key on a tap and gives the server the subscription', async () => {
    const api = stubFetch((request) =>
      request.url.endsWith('/push/key') ? jsonResponse({ publicKey }) : new Response(null, { status: 204 }),
    );
    render(<PushToggle />);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(Notification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    await screen.findByRole('button', { name: 'Notifications on' });
    const options = subscribe.mock.calls[0]![0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.url).toMatch(/\/api\/push\/subscriptions$/);
    expect(put?.body).toEqual(subscriptionJson);
    expect(notify.success).toHaveBeenCalledWith(
      'This device will be notified of mentions and direct messages.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Notifications on' }));
    await screen.findByRole('button', { name: 'Notify me' });
    expect(api.requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      endpoint: subscriptionJson.endpoint,
    });
    expect(current).toBeNull();
  });

  it('says where to allow notifications once the browser was told no', async () => {
    permission = 'denied';
    render(<PushToggle />);
    expect(
      await screen.findByText(
        'Notifications are blocked for this site; allow them in the browser’s site settings.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing where the browser cannot push', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const { container } = render(<PushToggle />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('keeps the switch off and says so when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<PushToggle />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveAttribute('aria-pressed', 'false');
  });
});
