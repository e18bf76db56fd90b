import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { BlogManagementScreen } from './blog-management-screen';

afterEach(() => {
  vi.restoreAllMocks();
});

const blog = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  category: 'Health',
  summary: 'Summary.',
  content: 'Content.',
  imageUrl: null,
  author: 'Sam Super',
  postDate: '2026-02-14',
  source: 'manual',
  createdAt: '2026-02-14T09:00:00.000Z',
  generatedAt: null,
  tone: null,
  keywords: null,
  ...extra,
});

const water = blog('01JWATER', 'Clean water for schools', {
  source: 'generated',
  generatedAt: '2026-02-14T09:00:00.000Z',
});
const harvest = blog('01JHARVEST', 'Harvest festival', { category: 'Events', postDate: '2026-01-03' });

describe('BlogManagementScreen', () => {
  it('shows a skeleton, then every blog with its category, date, source, link and Delete', async () => {
    let release!: (r: Response) => void;
    const { requests } = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderWithRouter(<BlogManagementScreen />, { path: '/blogs' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading blogs...');
    // The management list asks for all blogs: no filters, newest first.
    await waitFor(() => expect(requests[0]?.url).toBe('/api/blogs?sortBy=postDate&sortOrder=desc'));
    release(jsonResponse([water, harvest]));

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Clean water for schools' })).toHaveAttribute(
      'href',
      '/blogs/01JWATER',
    );
    expect(first.getByText('Health')).toBeInTheDocument();
    expect(first.getByText('AI-generated')).toBeInTheDocument();
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-02-14');
    expect(within(items[1]!).getByText('Manual')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete Clean water for schools' })).toBeInTheDocument();

    for (const control of ['Generate with AI', 'Paste blog'])
      expect(screen.getByRole('button', { name: control })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add blog' })).toHaveAttribute('href', '/blogs/new');
  });

  it('says so when there are no blogs', async () => {
    stubFetch(() => jsonResponse([]));
    await renderWithRouter(<BlogManagementScreen />, { path: '/blogs' });
    expect(await screen.findByText('No blogs yet.')).toBeInTheDocument();
  });

  it('asks before deleting, removes the blog on success and returns focus to the page', async () => {
    let list = [water, harvest];
    const { requests } = stubFetch((r) => {
      if (r.method === 'DELETE') {
        list = list.filter((b) => !r.url.endsWith(b.id));
        return new Response(null, { status: 204 });
      }
      return jsonResponse(list);
    });
    const { user: u } = await renderWithRouter(<BlogManagementScreen />, { path: '/blogs' });
    const trigger = await screen.findByRole('button', { name: 'Delete Harvest festival' });

    // Cancel keeps it.
    await u.click(trigger);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Harvest festival”?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this blog?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await u.click(trigger);
    dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Harvest festival' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Clean water for schools' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')!.url).toBe('/api/blogs/01JHARVEST');
    expect(screen.getByRole('heading', { name: 'Blog management' })).toHaveFocus();
  });

  it('only logs a failed delete, and the blog stays listed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch((r) =>
      r.method === 'DELETE' ? jsonResponse({ message: 'Boom' }, 500) : jsonResponse([water, harvest]),
    );
    const { user: u } = await renderWithRouter(<BlogManagementScreen />, { path: '/blogs' });
    await u.click(await screen.findByRole('button', { name: 'Delete Harvest festival' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to delete blog 01JHARVEST', expect.anything()),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Harvest festival' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded, rather than claiming there are no blogs', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ message: 'Bad request' }, 400) : jsonResponse([harvest])));
    const { user: u } = await renderWithRouter(<BlogManagementScreen />, { path: '/blogs' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The blogs could not be loaded.');
    expect(screen.queryByText('No blogs yet.')).not.toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Harvest festival' })).toBeInTheDocument();
  });
});
