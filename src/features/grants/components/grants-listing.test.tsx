import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { DEFAULT_GRANT_IMAGE } from '../grant-image';
import { grantsFixture } from '../grants.fixture';
import type { GrantFilter } from '@contract/grants';
import { GrantsListing } from './grants-listing';

const cards = () => screen.queryAllByRole('article');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading').textContent);

async function renderListing(filters: GrantFilter = {}) {
  const onFiltersChange = vi.fn();
  const result = await renderWithRouter(
    <GrantsListing filters={filters} onFiltersChange={onFiltersChange} />,
    { path: '/public-grants' },
  );
  return { ...result, onFiltersChange };
}

describe('GrantsListing', () => {
  it('shows skeletons, then a card per grant with the spec fields and a View Details link', async () => {
    const { requests } = stubFetch(() => jsonResponse(grantsFixture));
    await renderListing();
    expect(screen.getByRole('status')).toHaveTextContent('Loading grants...');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('status')).toHaveTextContent('3 grants');
    expect(requests[0]!.url).toMatch(/\/api\/grants\?sortBy=postDate&sortOrder=desc&limit=100$/);

    const water = within(screen.getByRole('article', { name: 'Clean Water for Rural Schools' }));
    expect(water.getByText('Blue Planet Water Alliance')).toBeInTheDocument();
    expect(water.getByText('$10,000 - $50,000')).toBeInTheDocument();
    expect(water.getByText('South Sudan, Kenya')).toBeInTheDocument();
    expect(water.getByText('Jun 30, 2026').closest('time')).toHaveAttribute('dateTime', '2026-06-30');
    // Its deadline has passed (it is later than June 2026 now): the card says so.
    expect(water.getByText('Closed')).toBeInTheDocument();
    expect(water.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/grants/g1');
    const img = water.getByRole('presentation');
    expect(img).toHaveAttribute('src', DEFAULT_GRANT_IMAGE);
    expect(DEFAULT_GRANT_IMAGE).toMatch(/^data:image\/svg\+xml,/);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '320');

    const maternal = within(screen.getByRole('article', { name: 'Maternal Health Innovation Fund' }));
    expect(maternal.getByText('Rolling')).toBeInTheDocument();
    expect(maternal.queryByText('Closed')).not.toBeInTheDocument();
    expect(maternal.getByRole('presentation')).toHaveAttribute(
      'src',
      'https://images.example.org/maternal.png',
    );
  });

  it('offers the distinct countries, areas and categories of the results', async () => {
    stubFetch(() => jsonResponse(grantsFixture));
    await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Country')).toEqual(['All countries', 'Kenya', 'Rwanda', 'South Sudan', 'Uganda']);
    expect(options('Category')).toEqual([
      'All categories',
      'Health',
      'Water & Sanitation',
      'Youth Empowerment',
    ]);
    expect(options('Area of interest')).toContain('WASH in Schools');
  });

  it('narrows the loaded list as the user types, without asking the server', async () => {
    const { requests } = stubFetch(() => jsonResponse(grantsFixture));
    const { user, onFiltersChange } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const asked = requests.length;
    await user.type(screen.getByLabelText('Search grants'), 'KEN');
    expect(cardTitles()).toEqual(['Clean Water for Rural Schools', 'Youth Skills Grants']);
    await user.type(screen.getByLabelText('Search grants'), ' kite');
    expect(cardTitles()).toEqual(['Youth Skills Grants']);
    expect(requests).toHaveLength(asked);
    expect(onFiltersChange).not.toHaveBeenCalled();
  });

  it('commits the form to the URL on Search or Enter, blanks and the default sort left out', async () => {
    stubFetch(() => jsonResponse(grantsFixture));
    const { user, onFiltersChange } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Country'), 'Kenya');
    expect(cardTitles()).toEqual(['Clean Water for Rural Schools', 'Youth Skills Grants']);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ country: 'Kenya' });
    await user.type(screen.getByLabelText('Search grants'), 'water{Enter}');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ country: 'Kenya', search: 'water' });
  });

  it('refuses a reversed date range with the server’s message', async () => {
    stubFetch(() => jsonResponse(grantsFixture));
    const { user, onFiltersChange } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.type(screen.getByLabelText('Published from'), '2026-03-05');
    await user.type(screen.getByLabelText('Published to'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('Published to')).toHaveAttribute('aria-invalid', 'true');
    expect(onFiltersChange).not.toHaveBeenCalled();
    // The reversed range narrows nothing while it is shown as wrong: no misleading '0 grants'.
    expect(cards()).toHaveLength(3);
    expect(screen.getByTestId('result-count')).toHaveTextContent('3 grants');
  });

  it('shows the committed filters in the form and sends them, empty ones omitted', async () => {
    const { requests } = stubFetch(() => jsonResponse([grantsFixture[2]]));
    await renderListing({ country: 'Kenya', search: 'youth', sortBy: 'title', sortOrder: 'asc' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByLabelText('Search grants')).toHaveValue('youth');
    // Matched without letter case, as the server does: the results spell it 'KENYA'.
    expect(screen.getByLabelText('Country')).toHaveValue('KENYA');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
    expect(screen.getByLabelText('Order')).toHaveValue('asc');
    expect(new URL(requests[0]!.url, 'http://localhost').search).toBe(
      '?country=Kenya&search=youth&sortBy=title&sortOrder=asc&limit=100',
    );
  });

  it('changes the sort through the URL', async () => {
    stubFetch(() => jsonResponse(grantsFixture));
    const { user, onFiltersChange } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'deadlineDate');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ sortBy: 'deadlineDate' });
  });

  it('resets every filter and reloads the list', async () => {
    const { requests } = stubFetch(() => jsonResponse(grantsFixture));
    const { user, onFiltersChange } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const asked = requests.length;
    await user.type(screen.getByLabelText('Search grants'), 'zzz');
    expect(screen.getByText('No grants found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Search grants')).toHaveValue('');
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
    expect(cards()).toHaveLength(3);
    await waitFor(() => expect(requests).toHaveLength(asked + 1));
  });

  it('loads the next page at the end of the list, offers Retry when it fails, and counts what is loaded', async () => {
    let failNext = true;
    const { requests } = stubFetch((request) => {
      const cursor = new URL(request.url, 'http://localhost').searchParams.get('cursor');
      if (!cursor)
        return new Response(JSON.stringify(grantsFixture.slice(0, 2)), {
          headers: { 'content-type': 'application/json', 'Next-Cursor': 'after-g2' },
        });
      if (failNext) return jsonResponse({ message: 'Down.' }, 503);
      return jsonResponse(grantsFixture.slice(2));
    });
    const { user } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(2));
    // More pages follow: at least 2, and the list's size is not known yet.
    expect(screen.getByTestId('result-count')).toHaveTextContent('2+ grants');
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '-1');
    // The end of the list is in view (jsdom draws every row): the next page is asked for, and fails.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More grants could not be loaded.');
    expect(new URL(requests.at(-1)!.url, 'http://localhost').searchParams.get('cursor')).toBe('after-g2');

    failNext = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('3 grants');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-setsize'))).toEqual([
      '3',
      '3',
      '3',
    ]);
    expect(cardTitles()).toEqual(grantsFixture.map((g) => g.title));
  });

  it('treats a failed load as an empty list', async () => {
    stubFetch(() => jsonResponse({ message: 'Boom.' }, 500));
    await renderListing();
    expect(await screen.findByText('No grants found.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 grants');
  }, 15_000);
});
