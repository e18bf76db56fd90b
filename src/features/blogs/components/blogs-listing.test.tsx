import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { blogsFixture } from '../blogs.fixture';
import type { BlogFilter } from '@contract/blogs';
import { BlogsListing } from './blogs-listing';

const cards = () => screen.queryAllByRole('article');

async function renderListing(filters: BlogFilter = {}, baseURL?: string) {
  const onFiltersChange = vi.fn();
  const result = await renderWithRouter(
    <BlogsListing filters={filters} onFiltersChange={onFiltersChange} baseURL={baseURL} />,
    { path: '/public-blogs' },
  );
  return { ...result, onFiltersChange };
}

describe('BlogsListing', () => {
  it('shows a card per post with picture, title, category, author, date, summary and Read More', async () => {
    stubFetch(() => jsonResponse(blogsFixture));
    await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const post = within(screen.getByRole('article', { name: 'Five ways to thank donors' }));
    expect(post.getByText('Fundraising')).toBeInTheDocument();
    expect(post.getByText(/By Amina Okafor/)).toBeInTheDocument();
    expect(post.getByText('Apr 2, 2026')).toBeInTheDocument();
    expect(post.getByText('Gratitude keeps supporters giving.')).toBeInTheDocument();
    expect(post.getByRole('link', { name: /Read More/ })).toHaveAttribute('href', '/blogs/b1');
    expect(post.getByRole('presentation')).toHaveAttribute('src', '/images/blog-default.svg');
    const impact = within(screen.getByRole('article', { name: 'Impact reports that land' }));
    expect(impact.getByRole('presentation')).toHaveAttribute('src', 'https://images.example.org/impact.png');
    const categories = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(categories).toEqual(['All categories', 'Fundraising', 'Impact']);
  });

  it('asks the configured blogs address (the spec: "the public blogs page calls a fixed absolute backend address"), blank filters left out', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse(blogsFixture.filter((b) => b.category.trim() === 'Impact')),
    );
    await renderListing({ category: 'Impact' }, 'https://blogs.example.org/api');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(requests[0]!.url).toBe(
      'https://blogs.example.org/api/blogs?category=Impact&sortBy=postDate&sortOrder=desc&limit=25',
    );
  });

  it('narrows as the user types, commits on Search, and says when nothing matches', async () => {
    stubFetch(() => jsonResponse(blogsFixture));
    const { user, onFiltersChange } = await renderListing();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.type(screen.getByLabelText('Search blogs'), 'li');
    expect(cards().map((c) => c.getAttribute('aria-labelledby'))).toEqual(['blog-b2-title']);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ search: 'li' });
    await user.type(screen.getByLabelText('Search blogs'), 'zzz');
    expect(screen.getByText('No blogs found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
    expect(cards()).toHaveLength(2);
  });

  it('treats a failed load as an empty list', async () => {
    stubFetch(() => jsonResponse({ message: 'Down.' }, 503));
    await renderListing();
    expect(await screen.findByText('No blogs found.', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 15_000);
});
