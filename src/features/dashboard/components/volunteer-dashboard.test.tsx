import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { makeDashboardSummary } from '../dashboard-summary.fixture';
import { DashboardScreen } from './dashboard-screen';

async function renderVolunteer() {
  signInAs({ id: '01USER', role: 'VOLUNTEER', name: 'Grace' });
  stubFetch(() => jsonResponse(makeDashboardSummary()));
  await renderWithRouter(<DashboardScreen />);
  await screen.findByRole('heading', { level: 2, name: 'Your day' });
}

describe('VolunteerDashboard', () => {
  it("links to the volunteer's daily tools", async () => {
    await renderVolunteer();

    const links = within(screen.getByRole('list', { name: 'Volunteer shortcuts' }));
    expect(links.getByRole('link', { name: /Assigned Tasks/ })).toHaveAttribute('href', '/volunteer/tasks');
    expect(links.getByRole('link', { name: /Submit Activity Report/ })).toHaveAttribute(
      'href',
      '/volunteer/activity-report',
    );
    expect(links.getByRole('link', { name: /Approved Hours/ })).toHaveAttribute('href', '/volunteer/hours');
    expect(links.getByRole('link', { name: /Team Chat/ })).toHaveAttribute('href', '/team-chat');
  });

  it('shows the volunteer’s approved hours and pending reports, linking to their hours', async () => {
    await renderVolunteer();
    const hours = screen.getByRole('region', { name: 'Your approved hours' });
    const figure = (label: string) => within(hours).getByText(label).nextElementSibling;
    expect(figure('This month')).toHaveTextContent('12 h 30 min');
    expect(figure('This year')).toHaveTextContent('80 h');
    expect(figure('All time')).toHaveTextContent('200 h 15 min');
    expect(within(hours).getByRole('link', { name: '4 reports waiting for review' })).toHaveAttribute(
      'href',
      '/volunteer/hours',
    );
    expect(within(hours).getByRole('link', { name: /See your hours/ })).toHaveAttribute(
      'href',
      '/volunteer/hours',
    );
    // The organisation's certificates are staff business.
    expect(within(hours).queryByRole('link', { name: /Certificates/ })).toBeNull();
  });

  it("shows the organisation's team size and grants closing soon from the response", async () => {
    await renderVolunteer();

    expect(screen.getByText('Kigali Water Trust')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Team size' })).getByText('17')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Grants closing soon' })).getByText('6'),
    ).toBeInTheDocument();
    const deadlines = screen.getByRole('region', { name: 'Upcoming deadlines' });
    expect(within(deadlines).getAllByRole('listitem')).toHaveLength(3);
    expect(deadlines).toHaveTextContent('5 days left');
  });
});
