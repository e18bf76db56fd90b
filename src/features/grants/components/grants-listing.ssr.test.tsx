import { within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { grantsFixture } from '../grants.fixture';
import { GrantsListing } from './grants-listing';

it('prerenders the listing shell with skeletons, hydrates it and then loads the grants', async () => {
  const { requests } = stubFetch(() => jsonResponse(grantsFixture));
  const { html, container } = await prerenderAndHydrate(
    <GrantsListing filters={{}} onFiltersChange={() => {}} />,
    '/public-grants',
  );
  expect(html).toContain('Latest Grants');
  expect(html).toContain('Loading grants...');
  expect(html).toContain('Search grants');
  expect(html).not.toContain('View Details');
  await vi.waitFor(() => expect(within(container).getAllByRole('article')).toHaveLength(3));
  expect(within(container).getByRole('status')).toHaveTextContent('3 grants');
  expect(requests.length).toBeGreaterThan(0);
});
