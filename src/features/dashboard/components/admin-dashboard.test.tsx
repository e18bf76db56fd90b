import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { makeDashboardSummary } from '../dashboard-summary.fixture';
import { DashboardScreen } from './dashboard-screen';

async function renderFor(role: 'ANALYST' | 'VIEWER', summary = makeDashboardSummary()) {
  signInAs({ id: '01USER', role, name: 'Jean' });
  stubFetch(() => jsonResponse(summary));
  await renderWithRouter(<DashboardScreen />);
  await screen.findByRole('heading', { level: 2, name: 'Grants pipeline' });
}

const stat = (label: string) => screen.getByRole('group', { name: label });

describe('AdminDashboard', () => {
  it('breaks members down by role, largest group first', async () => {
    await renderFor('ANALYST');

    expect(screen.getByText("A read-only view of your organisation's figures.")).toBeInTheDocument();
    expect(within(stat('Total members')).getByText('17')).toBeInTheDocument();
    expect(within(stat('Awaiting verification')).getByText('3')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Members by role' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Volunteers10 (59%)',
      'Staff4 (24%)',
      'Analysts2 (12%)',
      'NGO admins1 (6%)',
    ]);
  });

  it('shows the grants pipeline and content figures', async () => {
    await renderFor('VIEWER');

    expect(within(stat('Grants listed')).getByText('58')).toBeInTheDocument();
    expect(within(stat('Open grants')).getByText('42')).toBeInTheDocument();
    expect(within(stat('Closing soon')).getByText('6')).toBeInTheDocument();
    expect(within(stat('New this month')).getByText('9')).toBeInTheDocument();
    const content = screen.getByRole('region', { name: 'Content' });
    expect(
      within(within(content).getByRole('group', { name: 'Blog posts' })).getByText('23'),
    ).toBeInTheDocument();
    expect(within(content).getByRole('heading', { level: 3, name: 'Latest blogs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Upcoming deadlines' })).toHaveTextContent('5 days left');
  });

  it('shows the organisation’s approved volunteer hours and, to a reader, the reports waiting (no review tab)', async () => {
    await renderFor(
      'VIEWER',
      makeDashboardSummary({
        volunteerHours: { thisMonth: 45, thisYear: 45, allTime: 45, pendingReports: 1 },
      }),
    );
    const hours = screen.getByRole('region', { name: 'Volunteer hours' });
    expect(within(hours).getByText('All time').nextElementSibling).toHaveTextContent('45 min');
    const waiting = within(hours).getByRole('link', { name: '1 report waiting for review' });
    expect(waiting).toHaveAttribute('href', '/volunteer/hours');
  });

  it('has no management shortcuts', async () => {
    await renderFor('VIEWER');
    expect(screen.queryByRole('link', { name: /Staff Management/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there are no members yet', async () => {
    await renderFor('ANALYST', makeDashboardSummary({ members: { total: 0, byRole: {}, unverified: 0 } }));
    expect(screen.getByText('No members yet.')).toBeInTheDocument();
  });
});
