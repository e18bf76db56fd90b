import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { blogsFixture } from '../blogs.fixture';
import { BlogArticle } from './blog-article';

describe('BlogArticle', () => {
  it('shows the post with its rendered, sanitised Markdown and a way back to the list', async () => {
    stubFetch(() =>
      jsonResponse({
        ...blogsFixture[0],
        content: '## Say thanks\n\nCall within **48 hours**.\n\n<img src=x onerror="window.__xss = 1">',
      }),
    );
    await renderWithRouter(<BlogArticle id="b1" />, { path: '/blogs/b1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Five ways to thank donors' })).toBeVisible();
    expect(screen.getByText('Fundraising')).toBeInTheDocument();
    expect(screen.getByText(/By Amina Okafor/)).toBeInTheDocument();
    expect(screen.getByText('Apr 2, 2026')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Say thanks' })).toBeVisible();
    expect(screen.getByText('48 hours').tagName).toBe('STRONG');
    expect(screen.getByTestId('blog-content').querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to blogs' })).toHaveAttribute('href', '/public-blogs');
  });

  it("says 'Blog not found.' in red when the post cannot be loaded", async () => {
    stubFetch(() => jsonResponse({ message: 'Blog not found.' }, 404));
    await renderWithRouter(<BlogArticle id="nope" />, { path: '/blogs/nope' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Blog not found.');
    expect(alert).toHaveClass('text-red-700', 'dark:text-red-400');
    expect(screen.getByRole('link', { name: 'Back to blogs' })).toBeInTheDocument();
  });
});
