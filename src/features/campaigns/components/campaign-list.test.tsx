import { dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { createShouldPersistQuery } from '@/lib/query-persistence-policy';
import { jsonResponse } from '@/testing/fetch-stub';
import { createTestQueryClient } from '@/testing/render-with-router';
import { stubCampaignsApi } from '../campaigns-test-api';
import { campaignsOffline } from '../offline';
import { countsOf, reportOf } from '../testing';
import { eric, nadia, renderCampaigns, sam } from '../testing-harness';

// Generous waits: the whole client suite runs in one worker.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetConnectivityForTests();
  onlineManager.setOnline(true);
});

const card = (name: string) => screen.getByRole('article', { name });

describe('the campaigns list', { timeout: 30_000 }, () => {
  it('shows skeletons while the campaigns load', async () => {
    stubCampaignsApi({ handler: () => new Promise<Response>(() => {}) });
    await renderCampaigns(nadia);
    expect(screen.getByRole('heading', { level: 1, name: 'Send Notification' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading campaigns' })).toBeInTheDocument();
  });

  it('says when there are none yet and offers New campaign, which opens the composer', async () => {
    stubCampaignsApi();
    const { user, router } = await renderCampaigns(nadia);
    expect(await screen.findByText('No campaigns yet.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New campaign' });
    expect(links).toHaveLength(2);
    await user.click(links[1]!);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ new: 1 }));
    expect(await screen.findByRole('form', { name: 'New campaign' })).toBeInTheDocument();
  });

  it('shows each campaign’s status, channels, counts and progress, and filters by status', async () => {
    const { requests } = stubCampaignsApi({
      campaigns: [
        reportOf({
          id: 'c2',
          name: 'Monthly newsletter',
          status: 'sending',
          channels: ['email', 'sms'],
          counts: countsOf({ sent: 30, failed: 2, queued: 68 }),
          total: 100,
        }),
        reportOf({
          id: 'c3',
          name: 'AGM invitation',
          status: 'scheduled',
          sendAt: '2026-12-01T07:00:00.000Z',
          counts: countsOf(),
          total: 0,
        }),
        reportOf(),
      ],
    });
    const { user, router } = await renderCampaigns(nadia);
    await screen.findByRole('link', { name: 'Monthly newsletter' });
    const sending = card('Monthly newsletter');
    expect(within(sending).getByTestId('campaign-status')).toHaveTextContent('Sending');
    expect(within(sending).getByRole('list', { name: 'Channels' })).toHaveTextContent('EmailSMS');
    expect(
      within(sending).getByRole('progressbar', { name: 'Progress of Monthly newsletter' }),
    ).toHaveAttribute('aria-valuetext', '32 of 100 done (32%)');
    expect(sending).toHaveTextContent('30 sent');
    expect(sending).toHaveTextContent('2 failed');
    expect(sending).toHaveTextContent('Created:');
    expect(sending).toHaveTextContent('by Nadia Uwase');
    expect(card('AGM invitation')).toHaveTextContent('Goes out:');
    expect(within(card('AGM invitation')).queryByRole('progressbar')).toBeNull();
    expect(within(card('Water day reminder')).getByTestId('campaign-status')).toHaveTextContent('Sent');

    await user.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'scheduled' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Monthly newsletter' })).toBeNull());
    expect(screen.getByRole('link', { name: 'AGM invitation' })).toBeInTheDocument();
    const asked = requests
      .map((r) => new URL(r.url, 'http://localhost'))
      .filter((u) => u.pathname === '/api/campaigns');
    expect(asked.at(-1)!.searchParams.get('status')).toBe('scheduled');
  });

  it('loads the next page with Load more (Next-Cursor)', async () => {
    stubCampaignsApi({
      campaigns: Array.from({ length: 30 }, (_, i) =>
        reportOf({
          id: `c${i}`,
          name: `Campaign ${i + 1}`,
          createdAt: `2026-11-${String(30 - i).padStart(2, '0')}T09:00:00.000Z`,
        }),
      ),
    });
    const { user } = await renderCampaigns(nadia);
    await screen.findByRole('link', { name: 'Campaign 1' });
    expect(within(screen.getByRole('list', { name: 'Campaign list' })).getAllByRole('article')).toHaveLength(
      25,
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Campaign 30' });
    expect(within(screen.getByRole('list', { name: 'Campaign list' })).getAllByRole('article')).toHaveLength(
      30,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers Retry when the list could not be loaded', async () => {
    let fail = true;
    stubCampaignsApi({
      campaigns: [reportOf()],
      handler: (_request, url) =>
        fail && url.pathname === '/api/campaigns'
          ? jsonResponse({ message: 'The server had a problem.', code: 'internal' }, 500)
          : undefined,
    });
    const { user } = await renderCampaigns(nadia);
    expect(await screen.findByText('The server had a problem.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Water day reminder' })).toBeInTheDocument();
  });

  it('names each campaign’s organisation for SUPER_ADMIN', async () => {
    stubCampaignsApi({ campaigns: [reportOf()] });
    await renderCampaigns(sam);
    await screen.findByRole('link', { name: 'Water day reminder' });
    expect(card('Water day reminder')).toHaveTextContent('Hope Bridge Foundation');
  });

  it('opens from the saved cache offline, once seen', async () => {
    stubCampaignsApi({ campaigns: [reportOf()] });
    const online = createTestQueryClient();
    await renderCampaigns(nadia, '/admin/bulk-email', online);
    await screen.findByRole('link', { name: 'Water day reminder' });
    cleanup();

    // What the persister would write to IndexedDB with the app's policy, restored into a new cache.
    const policy = composeOfflinePolicy([campaignsOffline]);
    const saved = dehydrate(online, {
      shouldDehydrateQuery: createShouldPersistQuery(() => online.getQueryCache().getAll(), policy),
    });
    const restored = createTestQueryClient();
    hydrate(restored, JSON.parse(JSON.stringify(saved)));

    const { requests } = stubCampaignsApi();
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await renderCampaigns(nadia, '/admin/bulk-email', restored);
    expect(await screen.findByRole('link', { name: 'Water day reminder' })).toBeInTheDocument();
    expect(screen.getByTestId('saved-results')).toHaveTextContent('Offline: showing results saved');
    expect(requests.filter((r) => r.url.includes('/api/campaigns'))).toEqual([]);
  });
});

describe('who may send', () => {
  it('tells a STAFF member it is not for their role, and asks nothing', async () => {
    const { requests } = stubCampaignsApi();
    await renderCampaigns(eric);
    expect(screen.getByText('Sending notifications is not for your role.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Tickets and Requests' })).toHaveAttribute(
      'href',
      '/feedback-requests',
    );
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
