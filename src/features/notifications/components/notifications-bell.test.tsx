import type { InAppNotification } from '@contract/campaigns';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { NotificationsBell } from './notifications-bell';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const notification = (id: string, overrides: Partial<InAppNotification> = {}): InAppNotification => ({
  id,
  title: `Title ${id}`,
  body: `Body ${id}`,
  from: 'Kigali Relief',
  createdAt: minutesAgo(5),
  readAt: null,
  ...overrides,
});

/**
 * The server of /api/notifications over `items`: GET answers them with the unread count (or `unread`
 * when given, for counts beyond the 50 listed), POST /read marks the ids given, or all.
 */
function stubNotifications(items: InAppNotification[], { unread }: { unread?: number } = {}) {
  let list = items.map((n) => ({ ...n }));
  let extraUnread = unread === undefined ? 0 : unread - list.filter((n) => !n.readAt).length;
  return stubFetch(({ url, method, body }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/notifications' && method === 'GET') {
      const count = list.filter((n) => !n.readAt).length + extraUnread;
      return jsonResponse({ unread: count, items: list });
    }
    if (path === '/api/notifications/read' && method === 'POST') {
      const ids = (body as { ids?: string[] }).ids;
      const at = new Date().toISOString();
      list = list.map((n) => (!n.readAt && (!ids || ids.includes(n.id)) ? { ...n, readAt: at } : n));
      if (!ids) extraUnread = 0;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ message: 'Not found.' }, 404);
  });
}

const render = () => renderWithRouter(<NotificationsBell />, { path: '/dashboard' });
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
  window.dispatchEvent(new Event('online'));
});

describe('NotificationsBell', () => {
  it('names the bell with the unread count and shows it on a badge', async () => {
    stubNotifications([notification('a'), notification('b'), notification('c', { readAt: minutesAgo(1) })]);
    await render();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('caps the badge at 9+, and the name keeps the exact count', async () => {
    stubNotifications([notification('a')], { unread: 12 });
    await render();
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('9+');
  });

  it('lists title, sender, time and body as plain text, bold while unread, and marks nothing on opening', async () => {
    const { requests } = stubNotifications([
      notification('a', { title: 'Food drive <b>Saturday</b>', body: '<img src=x onerror=alert(1)>' }),
      notification('b', { title: 'Older news', readAt: minutesAgo(30), createdAt: minutesAgo(120) }),
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = within(panel()).getByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Unread: Food drive <b>Saturday</b>');
    expect(first).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(first).toHaveTextContent(/Kigali Relief · 5 minutes ago/);
    expect(within(first!).getByText('Food drive <b>Saturday</b>', { exact: false })).toHaveClass('font-bold');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(second).not.toHaveTextContent('Unread');
    expect(within(second!).getByText('Older news')).not.toHaveClass('font-bold');
    expect(second).toHaveTextContent(/2 hours ago/);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('unfolds a notification on a tap and marks that one read', async () => {
    const long = 'A long message.\nWith lines.\nAnd more.\nAnd a fourth.';
    const { requests } = stubNotifications([notification('a', { body: long }), notification('b')]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const item = within(panel()).getByRole('button', { name: /Title a/ });
    expect(within(item).getByText(/A long message/)).toHaveClass('line-clamp-3');
    await user.click(item);
    expect(item).toHaveAttribute('aria-expanded', 'true');
    expect(within(item).getByText(/A long message/)).not.toHaveClass('line-clamp-3');
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ ids: ['a'] }]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(item).not.toHaveTextContent('Unread');
    // A second tap folds it and sends nothing more.
    await user.click(item);
    expect(item).toHaveAttribute('aria-expanded', 'false');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('marks all read: one request without ids, and the badge goes at once', async () => {
    const { requests } = stubNotifications([notification('a'), notification('b')], { unread: 60 });
    const { user } = await render();
    const bell = await screen.findByRole('button', { name: 'Notifications, 60 unread' });
    await user.click(bell);
    await user.click(within(panel()).getByRole('button', { name: 'Mark all read' }));
    expect(bell).toHaveAccessibleName('Notifications');
    expect(within(bell).queryByTestId('notifications-badge')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Unread:', { exact: false })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Close' })).toHaveFocus();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toMatch(/\/api\/notifications\/read$/);
    expect(posts[0]!.body).toEqual({});
    // The refetch after it agrees.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(1));
    expect(bell).toHaveAccessibleName('Notifications');
  });

  it('puts the count back when marking read fails', async () => {
    const { spy } = stubNotifications([notification('a')]);
    const { user } = await render();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    // The refetch after the failure never answers: what the bell shows is the put-back alone.
    spy.mockImplementation((_input, init) =>
      (init?.method ?? 'GET') === 'POST'
        ? Promise.resolve(jsonResponse({ message: 'Server trouble.' }, 500))
        : new Promise<Response>(() => {}),
    );
    await user.click(within(panel()).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 unread'));
    expect(within(panel()).getByRole('button', { name: /Title a/ })).toHaveTextContent('Unread');
  });

  it('says when there is nothing yet', async () => {
    stubNotifications([]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(within(panel()).getByText('No notifications yet.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an error line with Retry', async () => {
    let answer: (response: Response) => void = () => {};
    const { spy } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await render();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(within(panel()).getByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
    await act(async () => answer(jsonResponse({ message: 'Server trouble.' }, 503)));
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Server trouble.');
    spy.mockImplementation(async () =>
      jsonResponse({ unread: 0, items: [notification('a', { readAt: minutesAgo(1) })] }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(panel()).findByText('Title a')).toBeInTheDocument();
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps Mark all read for a connection while offline', async () => {
    stubNotifications([notification('a')]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const note = await within(panel()).findByText('You are offline. Marking read needs a connection.');
    const markAll = within(panel()).getByRole('button', { name: 'Mark all read' });
    expect(markAll).toBeDisabled();
    expect(markAll).toHaveAttribute('aria-describedby', note.id);
  });
});
