import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { localDay, makeDashboardSummary } from '../dashboard-summary.fixture';
import { formatDate } from '../format';
import { DashboardScreen } from './dashboard-screen';

async function renderFor(role: string, summary = makeDashboardSummary()) {
  signInAs({ id: '01USER', role, name: 'Amina' });
  stubFetch(() => jsonResponse(summary));
  const result = await renderWithRouter(<DashboardScreen />);
  await screen.findByRole('heading', { level: 2, name: 'Organisation overview' });
  return result;
}

const stat = (label: string) => screen.getByRole('group', { name: label });

describe('UserDashboard', () => {
  it('shows the organisation’s volunteer hours, the reports to review and the certificates', async () => {
    await renderFor('STAFF');
    const hours = screen.getByRole('region', { name: 'Volunteer hours' });
    expect(within(hours).getByText('This month').nextElementSibling).toHaveTextContent('12 h 30 min');
    expect(within(hours).getByText('This year').nextElementSibling).toHaveTextContent('80 h');
    expect(within(hours).getByText('All time').nextElementSibling).toHaveTextContent('200 h 15 min');
    expect(within(hours).getByRole('link', { name: '4 reports to review' })).toHaveAttribute(
      'href',
      '/volunteer/hours?tab=review',
    );
    expect(within(hours).getByRole('link', { name: 'Certificates & letters' })).toHaveAttribute(
      'href',
      '/volunteer/certificates',
    );
  });

  it('shows the organisation figures from the response', async () => {
    await renderFor('NGO_ADMIN');

    expect(within(stat('Plan')).getByText('Starter')).toBeInTheDocument();
    expect(stat('Plan')).toHaveTextContent(`Member since ${formatDate('2024-02-10T08:30:00.000Z')}`);
    expect(within(stat('Team members')).getByText('17')).toBeInTheDocument();
    expect(stat('Team members')).toHaveTextContent('3 awaiting email verification');
    expect(within(stat('Open grants')).getByText('42')).toBeInTheDocument();
    expect(stat('Open grants')).toHaveTextContent('of 58 listed');
    expect(within(stat('Closing soon')).getByText('6')).toBeInTheDocument();
    expect(within(stat('New this month')).getByText('9')).toBeInTheDocument();
  });

  it('lists upcoming deadlines with the local date and the days left', async () => {
    await renderFor('SUPER_ADMIN');

    const deadlines = screen.getByRole('region', { name: 'Upcoming deadlines' });
    const first = within(deadlines).getByRole('link', { name: 'Rural Sanitation Challenge Fund' });
    expect(first).toHaveAttribute('href', '/grants/01GRANTA');
    const item = first.closest('li')!;
    expect(item).toHaveTextContent('Wellspring Health Foundation · $50,000');
    expect(item).toHaveTextContent(`Deadline ${formatDate(localDay(5))}`);
    expect(item).toHaveTextContent('5 days left');
    expect(within(deadlines).getByText('Closes today')).toBeInTheDocument();
    expect(within(deadlines).getByText('21 days left')).toBeInTheDocument();
    expect(within(deadlines).getByRole('link', { name: /View all grants/ })).toHaveAttribute(
      'href',
      '/grants',
    );
  });

  it('lists the latest blogs with links to each', async () => {
    await renderFor('ADMIN');

    const blogs = screen.getByRole('region', { name: 'Latest blogs' });
    expect(within(blogs).getByRole('link', { name: 'Clean water for 40 villages' })).toHaveAttribute(
      'href',
      '/blogs/01BLOGA',
    );
    expect(blogs).toHaveTextContent(`Water · ${formatDate('2025-05-02')}`);
  });

  it('says so when there are no deadlines or blogs', async () => {
    await renderFor(
      'STAFF',
      makeDashboardSummary({ upcomingDeadlines: [], blogs: { total: 0, latest: [] } }),
    );

    expect(screen.getByText('No upcoming grant deadlines.')).toBeInTheDocument();
    expect(screen.getByText('No blog posts yet.')).toBeInTheDocument();
  });

  it("offers quick links from the role's menu", async () => {
    await renderFor('NGO_ADMIN');
    const links = within(screen.getByRole('list', { name: 'Quick links into the portal' }));
    expect(links.getByRole('link', { name: /Staff Management/ })).toHaveAttribute(
      'href',
      '/staff-management',
    );
    expect(links.getByRole('link', { name: /Latest Grants/ })).toHaveAttribute('href', '/grants');
    expect(links.getByRole('link', { name: /Account Settings/ })).toHaveAttribute('href', '/settings');
  });

  it('does not point STAFF at Staff Management, which their menu lacks', async () => {
    await renderFor('STAFF');
    const links = within(screen.getByRole('list', { name: 'Quick links into the portal' }));
    expect(links.queryByRole('link', { name: /Staff Management/ })).not.toBeInTheDocument();
    expect(links.getByRole('link', { name: /Team Chat/ })).toHaveAttribute('href', '/team-chat');
  });

  it('keeps headings in order: one h1, then h2 sections', async () => {
    await renderFor('SUPER_ADMIN');
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.reduce((prev, level) => {
      expect(level - prev).toBeLessThanOrEqual(1);
      return level;
    });
  });
});
