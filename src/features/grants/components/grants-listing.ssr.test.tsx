import { within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { pagedListingKey } from '@/lib/listing/paged-query';
import { adoptPageData, forgetPageData, markPageData, pageDataBlock } from '@/lib/page-data';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { createTestQueryClient } from '@/testing/render-with-router';
import { grantsListing } from '../grants-listing-definition';
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
  await vi.waitFor(() => expect(within(container).getAllByRole('article')).toHaveLength(3), {
    timeout: 5000,
  });
  expect(within(container).getByRole('status')).toHaveTextContent('3 grants');
  expect(requests.length).toBeGreaterThan(0);
});

it('renders over the first page it arrived with, hydrates the same cards and asks the API nothing', async () => {
  const { requests } = stubFetch(() => jsonResponse(grantsFixture));
  const key = pagedListingKey(grantsListing, {}) as unknown[];
  const server = createTestQueryClient();
  const client = createTestQueryClient();
  server.setQueryData(key, { pages: [{ items: grantsFixture }], pageParams: [''] });
  markPageData([key]);
  const { html, container } = await prerenderAndHydrate(
    <GrantsListing filters={{}} onFiltersChange={() => {}} />,
    '/public-grants',
    () => {
      // As the server sends it, then as the browser takes it in before hydrating.
      const block = pageDataBlock(server);
      forgetPageData();
      adoptPageData(client, block);
    },
    { server, client },
  );
  expect(html).toContain('3 grants');
  expect(html).not.toContain('Loading grants...');
  expect(html.match(/View Details/g)).toHaveLength(3);
  expect(within(container).getAllByRole('article')).toHaveLength(3);
  expect(within(container).getByRole('status')).toHaveTextContent('3 grants');
  expect(requests).toHaveLength(0);
});
