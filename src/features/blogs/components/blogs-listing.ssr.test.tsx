import { within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { blogsFixture } from '../blogs.fixture';
import { BlogsListing } from './blogs-listing';

it('prerenders the blogs listing shell with skeletons, hydrates it and then loads the posts', async () => {
  stubFetch(() => jsonResponse(blogsFixture));
  const { html, container } = await prerenderAndHydrate(
    <BlogsListing filters={{}} onFiltersChange={() => {}} />,
    '/public-blogs',
  );
  expect(html).toContain('Latest Blogs');
  expect(html).toContain('Loading blogs...');
  expect(html).not.toContain('Read More');
  await vi.waitFor(() => expect(within(container).getAllByRole('article')).toHaveLength(2));
});
