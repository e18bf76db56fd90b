import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { grantDetailFixture } from '../grants.fixture';
import { GrantDetails } from './grant-details';

// Noon local time on 2026-06-20: the fixture's deadline (2026-06-30) is 10 days away.
const now = new Date(2026, 5, 20, 12);

describe('GrantDetails', () => {
  it('shows the whole grant with its countdown, links, description and eligibility', async () => {
    const { requests } = stubFetch(() => jsonResponse(grantDetailFixture));
    await renderWithRouter(<GrantDetails id="g1" now={now} />, { path: '/grants/g1' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clean Water for Rural Schools' }),
    ).toBeVisible();
    expect(requests[0]!.url).toBe('/api/grants/g1');
    expect(screen.getByTestId('deadline-countdown')).toHaveTextContent('10 days left');
    expect(screen.getByText('Closing soon')).toBeInTheDocument();
    expect(screen.getByText('Blue Planet Water Alliance')).toBeInTheDocument();
    expect(screen.getByText('South Sudan')).toBeInTheDocument();
    expect(screen.getByText('WASH in Schools')).toBeInTheDocument();
    const apply = screen.getByRole('link', { name: /Apply now/ });
    expect(apply).toHaveAttribute('href', 'https://example.org/apply');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /View the source/ })).toHaveAttribute(
      'href',
      'https://example.org/source',
    );
    expect(screen.getByText(/Boreholes and handwashing stations\./)).toHaveClass('whitespace-pre-line');
    expect(screen.getByText('Registered NGOs working in schools.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to grants' })).toHaveAttribute('href', '/grants');
  });

  it('says when the deadline has passed, and shows no marker for a far one', async () => {
    stubFetch(() => jsonResponse({ ...grantDetailFixture, deadlineDate: '2026-06-19' }));
    await renderWithRouter(<GrantDetails id="g1" now={now} />, { path: '/grants/g1' });
    expect(await screen.findByTestId('deadline-countdown')).toHaveTextContent('Deadline passed');
    expect(screen.queryByText('Closing soon')).not.toBeInTheDocument();
  });

  it('says so clearly when the grant does not exist', async () => {
    stubFetch(() => jsonResponse({ message: 'Grant not found.', code: 'not_found' }, 404));
    await renderWithRouter(<GrantDetails id="nope" now={now} />, { path: '/grants/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grant not found.' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to grants' })).toBeInTheDocument();
  });

  it('offers a retry when the grant could not be loaded for another reason', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ message: 'Down.' }, 503) : jsonResponse(grantDetailFixture)));
    const { user } = await renderWithRouter(<GrantDetails id="g1" now={now} />, { path: '/grants/g1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The grant could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clean Water for Rural Schools' }),
    ).toBeVisible();
  });
});
