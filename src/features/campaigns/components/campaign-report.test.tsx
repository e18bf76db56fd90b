import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { jsonResponse } from '@/testing/fetch-stub';
import { stubCampaignsApi } from '../campaigns-test-api';
import { countsOf, recipientOf, reportOf } from '../testing';
import { gets, nadia, posts, renderCampaigns } from '../testing-harness';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetConnectivityForTests();
  onlineManager.setOnline(true);
});

/** A sent campaign by email and SMS: 8 sent and 2 failed by email, 3 sent and 1 bounced by SMS. */
function withFailures() {
  const report = reportOf({ channels: ['email', 'sms'], opened: 4 });
  const email = Array.from({ length: 10 }, (_, i) =>
    recipientOf({
      id: `e${i}`,
      name: `Person ${i + 1}`,
      address: `p${i + 1}@demo.ngo`,
      ...(i >= 8 && { status: 'failed' as const, attempts: 5, error: 'Mailbox full', sentAt: null }),
    }),
  );
  const sms = Array.from({ length: 4 }, (_, i) =>
    recipientOf({
      id: `s${i}`,
      channel: 'sms',
      name: `Person ${i + 1}`,
      address: `+25078800000${i}`,
      ...(i === 3 && { status: 'bounced' as const, error: 'Unknown number', sentAt: null }),
    }),
  );
  return { report, recipients: { c1: [...email, ...sms] } };
}

describe('a campaign’s report', { timeout: 30_000 }, () => {
  it('shows the counts overall and per channel, the opens and the message, as plain text', async () => {
    const { report, recipients } = withFailures();
    stubCampaignsApi({ campaigns: [report], recipients });
    await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Water day reminder' })).toBeInTheDocument();
    const overall = screen.getByTestId('overall-counts');
    const count = (label: string) => within(overall).getByText(label).closest('div')!.querySelector('dd');
    expect(count('Sent')).toHaveTextContent('11');
    expect(count('Failed')).toHaveTextContent('2');
    expect(count('Bounced')).toHaveTextContent('1');
    expect(count('Queued')).toHaveTextContent('0');
    expect(screen.getByRole('img', { name: 'Email: 8 sent and 2 failed, of 10' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'SMS: 3 sent and 1 bounced, of 4' })).toBeInTheDocument();
    expect(within(screen.getByTestId('channel-sms')).getByText('Bounced').nextSibling).toHaveTextContent('1');
    expect(screen.getByTestId('opens')).toHaveTextContent('Opened: 4 of 8 emails sent (50%)');
    expect(screen.getByTestId('report-body').textContent).toBe(
      'Hello {{first_name}},\nthe water day starts at 9.',
    );
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuetext',
      '14 of 14 done (100%)',
    );
    // The recipients, with the provider's answer for a failure.
    const table = await screen.findByRole('table', { name: 'Recipients of this campaign' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(within(table).getByRole('rowheader', { name: 'Person 9' }).closest('tr')).toHaveTextContent(
      /Failed5Mailbox full/,
    );
  });

  it('filters the recipients by status and channel, in the address', async () => {
    const { report, recipients } = withFailures();
    const { requests } = stubCampaignsApi({ campaigns: [report], recipients });
    const { user, router } = await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    const table = await screen.findByRole('table', { name: 'Recipients of this campaign' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'sms');
    await waitFor(() => expect(screen.getByText('No recipients match these filters.')).toBeInTheDocument());
    expect(router.state.location.search).toEqual({
      campaign: 'c1',
      recipientStatus: 'failed',
      channel: 'sms',
    });
    const asked = new URL(gets(requests, '/api/campaigns/c1/recipients').at(-1)!.url, 'http://localhost');
    expect(asked.searchParams.get('status')).toBe('failed');
    expect(asked.searchParams.get('channel')).toBe('sms');
  });

  it('retries the failures after asking, and shows the report and recipients as they are then', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { report, recipients } = withFailures();
    const { requests } = stubCampaignsApi({ campaigns: [report], recipients });
    const { user } = await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    await screen.findByRole('table', { name: 'Recipients of this campaign' });
    const recipientAsks = gets(requests, '/api/campaigns/c1/recipients').length;

    await user.click(screen.getByRole('button', { name: 'Retry failures' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Retry 2 failed recipients?' });
    expect(posts(requests, '/api/campaigns/c1/retry')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Retry failures' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('2 recipients queued to be sent again.'));
    expect(posts(requests, '/api/campaigns/c1/retry')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Sending');
    const overall = screen.getByTestId('overall-counts');
    expect(within(overall).getByText('Failed').closest('div')!.querySelector('dd')).toHaveTextContent('0');
    expect(within(overall).getByText('Queued').closest('div')!.querySelector('dd')).toHaveTextContent('2');
    await waitFor(() =>
      expect(gets(requests, '/api/campaigns/c1/recipients').length).toBeGreaterThan(recipientAsks),
    );
    const table = screen.getByRole('table', { name: 'Recipients of this campaign' });
    await waitFor(() =>
      expect(within(table).getByRole('rowheader', { name: 'Person 9' }).closest('tr')).toHaveTextContent(
        'Queued',
      ),
    );
    // Nothing failed any more: no retry to offer; the bounced one can still be downloaded.
    expect(screen.queryByRole('button', { name: 'Retry failures' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download failures (CSV)' })).toBeInTheDocument();
  });

  it('says so when there was nothing to retry after all', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { report, recipients } = withFailures();
    stubCampaignsApi({
      campaigns: [report],
      recipients,
      handler: (request, url) =>
        request.method === 'POST' && url.pathname.endsWith('/retry')
          ? jsonResponse(
              { message: 'Nothing failed, so there is nothing to retry.', code: 'campaign_nothing_to_retry' },
              409,
            )
          : undefined,
    });
    const { user } = await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    await user.click(await screen.findByRole('button', { name: 'Retry failures' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retry failures' }),
    );
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Nothing failed, so there is nothing to retry.'),
    );
  });

  it('downloads the failures as CSV with the token', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:failures';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { report, recipients } = withFailures();
    const { requests } = stubCampaignsApi({ campaigns: [report], recipients });
    const { user } = await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    await user.click(await screen.findByRole('button', { name: 'Download failures (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const asked = gets(requests, '/api/campaigns/c1/failures.csv')[0]!;
    expect(asked.headers.get('Authorization')).toBe('Bearer test-token');
    expect(await saved[0]!.text()).toContain('Person 9,p9@demo.ngo,email,failed,Mailbox full');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'water-day-reminder-failures.csv',
    );
  });

  it('cancels a scheduled campaign after asking', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const scheduled = reportOf({
      status: 'scheduled',
      sendAt: '2030-12-01T07:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      counts: countsOf(),
      total: 0,
    });
    const { requests } = stubCampaignsApi({ campaigns: [scheduled] });
    const { user } = await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    expect(await screen.findByText(/^Goes out on /)).toBeInTheDocument();
    // Nothing is sent yet: no recipients to list, nothing to retry.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry failures' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this campaign?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it scheduled' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(requests, '/api/campaigns/c1/cancel')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel campaign' }),
    );
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('“Water day reminder” is cancelled. Nobody gets it.'),
    );
    expect(posts(requests, '/api/campaigns/c1/cancel')).toHaveLength(1);
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Cancelled');
    expect(screen.getByText('Cancelled before it started: nobody got it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel campaign' })).toBeNull();
  });

  it('says when it had already started and can no longer be cancelled', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    const scheduled = reportOf({ status: 'scheduled', counts: countsOf(), total: 0 });
    stubCampaignsApi({
      campaigns: [scheduled],
      handler: (request, url) =>
        request.method === 'POST' && url.pathname.endsWith('/cancel')
          ? jsonResponse({ message: 'It has started.', code: 'campaign_not_scheduled' }, 409)
          : undefined,
    });
    const { user } = await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    await user.click(await screen.findByRole('button', { name: 'Cancel campaign' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel campaign' }),
    );
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('It has started.'));
  });

  it('follows a send: asked again every 2 s, with the time left from the rate', async () => {
    let sent = 50;
    stubCampaignsApi({
      handler: (request, url) => {
        if (request.method !== 'GET' || url.pathname !== '/api/campaigns/c1') return undefined;
        const counts = countsOf({ sent, queued: 200 - sent });
        return jsonResponse(
          reportOf({
            status: 'sending',
            finishedAt: null,
            counts,
            total: 200,
            byChannel: { email: counts } as never,
            ratePerSecond: 0.5,
          }),
        );
      },
    });
    await renderCampaigns(nadia, '/admin/bulk-email?campaign=c1');
    const bar = await screen.findByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuetext', '50 of 200 done (25%)');
    // 150 left at 0.5 a second: 300 s.
    expect(screen.getByTestId('time-left')).toHaveTextContent('about 5 min left');
    sent = 80;
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '80 of 200 done (40%)'), {
      timeout: 4_000,
    });
    expect(screen.getByTestId('time-left')).toHaveTextContent('about 4 min left');
  });

  it('says so when the campaign is not the viewer’s to see', async () => {
    stubCampaignsApi();
    await renderCampaigns(nadia, '/admin/bulk-email?campaign=gone');
    expect(
      await screen.findByText('This campaign is not available to you, or no longer exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toBeInTheDocument();
  });
});
