import type { ActivityReport } from '@contract/activity-reports';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import type { HoursSearch } from '../activity-search';
import { reportOf, summaryOf } from '../testing';
import { HoursScreen } from './hours-screen';

function Harness({ viewer }: { viewer: { id: string; role: string } }) {
  const [search, setSearch] = useState<HoursSearch>({});
  return (
    <HoursScreen
      search={search}
      onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
      viewer={viewer}
    />
  );
}

const pending = [
  reportOf({ id: 'r1' }),
  reportOf({ id: 'r2', volunteerName: 'Jean Volunteer', date: '2026-11-19', category: 'training' }),
  reportOf({ id: 'r3', volunteerName: 'Aline Volunteer', date: '2026-11-18' }),
];

function stubApi(
  handler?: (request: StubbedRequest, url: URL) => Response | undefined,
  queue: ActivityReport[] = pending,
) {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = handler?.(request, url);
    if (answer) return answer;
    if (url.pathname === '/api/hours/summary') return jsonResponse(summaryOf());
    if (url.pathname === '/api/activity-reports') return jsonResponse(queue);
    if (url.pathname === '/api/hours/volunteers')
      return jsonResponse([
        {
          volunteerId: 'grace',
          volunteerName: 'Grace Volunteer',
          email: 'grace@hope.org',
          thisMonth: 150,
          thisYear: 990,
          allTime: 1290,
          trainingAllTime: 120,
          trainingThisYear: 120,
          reports: 6,
        },
      ]);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

const render = (viewer: { id: string; role: string }) => {
  signInAs(viewer);
  return renderWithRouter(<Harness viewer={viewer} />, { path: '/volunteer/hours' });
};
const total = (label: string) => screen.getByRole('group', { name: label });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HoursScreen', () => {
  it('shows a volunteer their approved totals and a twelve-month chart that says what it shows', async () => {
    stubApi();
    const { user } = await render({ id: 'grace', role: 'VOLUNTEER' });
    await screen.findByRole('group', { name: 'This month' });
    expect(total('This month')).toHaveTextContent('2 h 30 min');
    expect(total('This year')).toHaveTextContent('16 h 30 min');
    expect(total('This year')).toHaveTextContent('of which training 2 h');
    expect(total('All time')).toHaveTextContent('21 h 30 min');
    expect(total('Training, all time')).toHaveTextContent('2 h');
    expect(screen.getByText(/2 reports are waiting for review/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hours views' })).toBeNull();

    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Approved hours by month, December 2025 to November 2026: 14 h 30 min in all (2 h of training); the most in October 2026, 12 h.',
    );
    const table = screen.getByRole('table', { name: 'Approved hours by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(within(table).getByRole('rowheader', { name: 'October 2026' }).closest('tr')).toHaveTextContent(
      'October 202610 h2 h12 h',
    );
    await user.click(screen.getByRole('button', { name: 'Show the figures' }));
    expect(screen.getByRole('button', { name: 'Hide the figures' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('downloads the CSV with the user’s token', async () => {
    const { requests } = stubApi((_request, url) =>
      url.pathname === '/api/hours/export.csv'
        ? new Response('Date,Volunteer\n', { headers: { 'content-type': 'text/csv' } })
        : undefined,
    );
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await render({ id: 'grace', role: 'VOLUNTEER' });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const csv = requests.find((r) => r.url.includes('/hours/export.csv'))!;
    expect(csv.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('lets staff approve the selected reports in one request', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubApi((_request, url) =>
      url.pathname === '/api/activity-reports/review'
        ? jsonResponse({ reviewed: pending.slice(0, 2).map((r) => ({ ...r, status: 'approved' })) })
        : undefined,
    );
    const { user } = await render({ id: 'eric', role: 'STAFF' });
    const queue = await screen.findByRole('list', { name: 'Reports to review' });
    const cards = within(queue).getAllByRole('article');
    expect(cards[1]).toHaveTextContent('Jean Volunteer');
    expect(cards[1]).toHaveTextContent('09:00–11:30, 2 h 30 min · Training');
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();

    await user.click(within(cards[0]!).getByRole('checkbox'));
    await user.click(within(cards[1]!).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('2 reports approved.'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ ids: ['r1', 'r2'], decision: 'approve' });

    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('asks why before declining, then declines them all with the reason', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubApi((_request, url) =>
      url.pathname === '/api/activity-reports/review'
        ? jsonResponse({ reviewed: pending.map((r) => ({ ...r, status: 'declined' })) })
        : undefined,
    );
    const { user } = await render({ id: 'eric', role: 'STAFF' });
    await screen.findByRole('list', { name: 'Reports to review' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded' }));
    await user.click(screen.getByRole('button', { name: 'Decline selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline 3 reports?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Say why the report is declined.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Outside the project dates.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('3 reports declined.'));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      ids: ['r1', 'r2', 'r3'],
      decision: 'decline',
      reason: 'Outside the project dates.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so and reloads the queue when someone else reviewed first (409)', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { requests } = stubApi((_request, url) =>
      url.pathname === '/api/activity-reports/review'
        ? jsonResponse(
            { message: 'Not pending.', code: 'activity_report_not_pending', fields: { ids: 'r1' } },
            409,
          )
        : undefined,
    );
    const { user } = await render({ id: 'eric', role: 'STAFF' });
    const queue = await screen.findByRole('list', { name: 'Reports to review' });
    const lists = () =>
      requests.filter((r) => r.method === 'GET' && r.url.includes('/activity-reports')).length;
    const before = lists();
    await user.click(
      within(within(queue).getAllByRole('article')[0]!).getByRole('button', { name: 'Approve' }),
    );
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        expect.stringContaining('Someone else reviewed some of these reports'),
      ),
    );
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('gives viewers the totals and the volunteers, read only', async () => {
    stubApi();
    const { user } = await render({ id: 'vic', role: 'VIEWER' });
    const tabs = await screen.findByRole('navigation', { name: 'Hours views' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Totals', 'Volunteers']);
    await screen.findByRole('group', { name: 'All time' });
    await user.click(within(tabs).getByRole('button', { name: 'Volunteers' }));
    const table = await screen.findByRole('table', { name: 'Approved hours per volunteer' });
    expect(within(table).getByRole('rowheader', { name: 'Grace Volunteer' }).closest('tr')).toHaveTextContent(
      '2 h 30 min16 h 30 min21 h 30 min2 h6',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve|Decline|Edit hours/ })).toBeNull();
  });
});
