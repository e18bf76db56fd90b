import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuForRole } from '@/config/nav';
import { renderWithRouter } from '@/testing/render-with-router';
import { DocumentationScreen } from './documentation-screen';

describe('DocumentationScreen', () => {
  it('has a section per role with its portal label and its real menu', async () => {
    await renderWithRouter(<DocumentationScreen />, { path: '/documentation' });
    expect(screen.getByRole('heading', { level: 1, name: 'Documentation' })).toBeInTheDocument();

    const roles = [
      ['Super admin', 'SUPER_ADMIN', 'SuperAdmin Portal'],
      ['Admin', 'ADMIN', 'Admin Portal'],
      ['NGO admin', 'NGO_ADMIN', 'NGO Admin Portal'],
      ['Staff', 'STAFF', 'Staff Portal'],
      ['Volunteer', 'VOLUNTEER', 'Volunteer Portal'],
      ['Analyst', 'ANALYST', 'NGO Admin Portal'],
      ['Viewer', 'VIEWER', 'NGO Admin Portal'],
    ] as const;
    for (const [title, role, label] of roles) {
      const section = within(screen.getByRole('region', { name: title }));
      expect(section.getByText(label)).toBeInTheDocument();
      const menu = menuForRole(role);
      const lists = section.getAllByRole('list');
      expect(
        within(lists[0]!)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(menu.items.map((i) => i.label));
      if (menu.tools) {
        expect(section.getByRole('heading', { name: menu.tools.heading })).toBeInTheDocument();
        expect(
          within(lists[1]!)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(menu.tools.items.map((i) => i.label));
      }
    }
  });

  it('links its table of contents to every section', async () => {
    const { container } = await renderWithRouter(<DocumentationScreen />, { path: '/documentation' });
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(
      expect.arrayContaining([
        'Super admin',
        'Viewer',
        'Sign up and verify your email',
        'Invite your team',
        'Use the grants listings offline',
        'Install the app on Android',
      ]),
    );
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(container.querySelector(`[id="${id}"]`), id).not.toBeNull();
    }
  });
});
