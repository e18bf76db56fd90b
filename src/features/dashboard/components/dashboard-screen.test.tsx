import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { makeDashboardSummary } from '../dashboard-summary.fixture';
import { DashboardScreen } from './dashboard-screen';

const kindHeading = {
  volunteer: 'Your day',
  admin: 'Grants pipeline',
  user: 'Organisation overview',
} as const;

describe('DashboardScreen', () => {
  it.each([
    ['VOLUNTEER', 'volunteer'],
    ['ANALYST', 'admin'],
    ['VIEWER', 'admin'],
    ['SUPER_ADMIN', 'user'],
    ['ADMIN', 'user'],
    ['admin', 'user'],
    ['STAFF', 'user'],
    ['NGO_ADMIN', 'user'],
    ['FIELD_OFFICER', 'user'],
  ] as const)('shows %s the %s dashboard', async (role, kind) => {
    signInAs({ id: '01USER', role, name: 'Amina' });
    stubFetch(() => jsonResponse(makeDashboardSummary()));

    const { container } = await renderWithRouter(<DashboardScreen />);

    expect(await screen.findByRole('heading', { level: 2, name: kindHeading[kind] })).toBeInTheDocument();
    expect(container.querySelector('[data-dashboard]')).toHaveAttribute('data-dashboard', kind);
    for (const other of Object.keys(kindHeading) as Array<keyof typeof kindHeading>) {
      if (other !== kind)
        expect(screen.queryByRole('heading', { name: kindHeading[other] })).not.toBeInTheDocument();
    }
  });

  it('welcomes the user by name and names the NGO from the response', async () => {
    signInAs({ id: '01USER', role: 'STAFF', name: 'Amina Uwase', email: 'amina@example.org' });
    stubFetch(() => jsonResponse(makeDashboardSummary()));

    await renderWithRouter(<DashboardScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Amina Uwase' })).toBeInTheDocument();
    expect(await screen.findByText('Kigali Water Trust')).toBeInTheDocument();
  });

  it.each([
    [{ email: 'amina@example.org' }, 'Welcome back, amina@example.org'],
    [{ name: '  ' }, 'Welcome back, User'],
  ])('falls back from the name to the email to "User"', async (who, heading) => {
    signInAs({ id: '01USER', role: 'STAFF', ...who });
    stubFetch(() => new Promise<Response>(() => {}));

    await renderWithRouter(<DashboardScreen />);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows a skeleton while the summary loads', async () => {
    signInAs({ id: '01USER', role: 'STAFF', name: 'Amina' });
    stubFetch(() => new Promise<Response>(() => {}));

    await renderWithRouter(<DashboardScreen />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(screen.queryByRole('group', { name: 'Team members' })).not.toBeInTheDocument();
  });

  it('shows the error with a "Try again" button that refetches', async () => {
    signInAs({ id: '01USER', role: 'STAFF', name: 'Amina' });
    let healthy = false;
    const { requests } = stubFetch(() =>
      healthy
        ? jsonResponse(makeDashboardSummary())
        : jsonResponse({ message: 'The database is waking up.', code: 'UNAVAILABLE' }, 503),
    );

    await renderWithRouter(<DashboardScreen />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your dashboard.");
    expect(alert).toHaveTextContent('The database is waking up.');

    const failedRequests = requests.length;
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    const members = await screen.findByRole('group', { name: 'Team members' });
    expect(within(members).getByText('17')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests).toHaveLength(failedRequests + 1);
    expect(requests.at(-1)?.url).toMatch(/\/api\/dashboard\/summary$/);
  });
});
