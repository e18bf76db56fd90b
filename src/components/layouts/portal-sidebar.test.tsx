import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render-with-router';
import { PortalSidebar } from './portal-sidebar';

describe('PortalSidebar', () => {
  it('shows a count beside an entry given a badge, in its accessible name too', async () => {
    await renderWithRouter(
      <PortalSidebar
        role="VOLUNTEER"
        signedInAs="Grace"
        onNavigate={() => undefined}
        badges={{ '/team-chat': 3 }}
      />,
      { path: '/dashboard' },
    );
    const chat = screen.getByRole('link', { name: 'Team Chat, 3 unread' });
    expect(chat).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveTextContent(/\d/);
  });

  it('shows no count when there is nothing unread', async () => {
    await renderWithRouter(
      <PortalSidebar
        role="VOLUNTEER"
        signedInAs="Grace"
        onNavigate={() => undefined}
        badges={{ '/team-chat': 0 }}
      />,
      { path: '/dashboard' },
    );
    expect(screen.getByRole('link', { name: 'Team Chat' })).toBeInTheDocument();
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });
});
