import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { localToday } from '../blog-management-forms';
import { NewBlogForm } from './new-blog-form';

afterEach(() => {
  vi.restoreAllMocks();
});

const saved = {
  id: '01JNEW',
  title: 'Annual report',
  category: 'News',
  summary: 'What we did in 2025.',
  content: 'A year of work.',
  imageUrl: null,
  author: 'Sam Super',
  postDate: '2026-03-01',
  source: 'manual',
  createdAt: '2026-03-01T10:00:00.000Z',
  generatedAt: null,
  tone: null,
  keywords: null,
};

type User = Awaited<ReturnType<typeof renderWithRouter>>['user'];

async function fillRequired(u: User) {
  await u.type(screen.getByLabelText('Title'), 'Annual report');
  await u.type(screen.getByLabelText('Summary'), 'What we did in 2025.');
  await u.type(screen.getByLabelText('Content'), 'A year of work.');
}

describe('NewBlogForm', () => {
  it('has the fields of the add-blog form and names the author', async () => {
    signInAs({ id: 'u1', role: 'SUPER_ADMIN', name: 'Sam Super', email: 'sam@example.org' });
    await renderWithRouter(<NewBlogForm />, { path: '/blogs/new' });
    for (const label of ['Title', 'Category', 'Summary', 'Image URL', 'Post date'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Content')).toHaveAttribute('rows', '10');
    expect(screen.getByText('Sam Super')).toBeInTheDocument();
  });

  it("says 'Title, summary, and content are required.' once, whichever are missing", async () => {
    const { requests } = stubFetch(() => jsonResponse(saved, 201));
    const { user: u } = await renderWithRouter(<NewBlogForm />, { path: '/blogs/new' });

    await u.click(screen.getByRole('button', { name: 'Post blog' }));
    expect(await screen.findAllByText('Title, summary, and content are required.')).toHaveLength(1);
    for (const label of ['Title', 'Summary', 'Content'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');

    await u.type(screen.getByLabelText('Title'), 'Annual report');
    await u.type(screen.getByLabelText('Content'), 'A year of work.');
    await u.click(screen.getByRole('button', { name: 'Post blog' }));
    expect(await screen.findAllByText('Title, summary, and content are required.')).toHaveLength(1);
    expect(screen.getByLabelText('Summary')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(0);
  });

  it('wants a web address for the image', async () => {
    const { requests } = stubFetch(() => jsonResponse(saved, 201));
    const { user: u } = await renderWithRouter(<NewBlogForm />, { path: '/blogs/new' });
    await fillRequired(u);
    await u.type(screen.getByLabelText('Image URL'), 'not a url');
    await u.click(screen.getByRole('button', { name: 'Post blog' }));

    expect(
      await screen.findByText('Image URL must be a web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Title, summary, and content are required.')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('posts a manual blog, today and the default image when left blank, then goes to /blogs with a toast', async () => {
    const { requests } = stubFetch(() => jsonResponse(saved, 201));
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user: u, router } = await renderWithRouter(<NewBlogForm />, { path: '/blogs/new' });
    await fillRequired(u);
    await u.type(screen.getByLabelText('Category'), ' News ');
    await u.click(screen.getByRole('button', { name: 'Post blog' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Blog saved successfully!'));
    expect(requests).toHaveLength(1);
    const body = requests[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      title: 'Annual report',
      category: 'News',
      summary: 'What we did in 2025.',
      content: 'A year of work.',
      imageUrl: null,
      postDate: localToday(),
      source: 'manual',
      createdAt: expect.any(String),
    });
    expect(new Date(body.createdAt as string).toISOString()).toBe(body.createdAt);
  });

  it('sends the image URL and post date when given', async () => {
    const { requests } = stubFetch(() => jsonResponse(saved, 201));
    const { user: u, router } = await renderWithRouter(<NewBlogForm />, { path: '/blogs/new' });
    await fillRequired(u);
    await u.type(screen.getByLabelText('Image URL'), 'https://example.org/cover.jpg');
    await u.type(screen.getByLabelText('Post date'), '2025-12-24');
    await u.click(screen.getByRole('button', { name: 'Post blog' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'));
    expect(requests[0]!.body).toMatchObject({
      imageUrl: 'https://example.org/cover.jpg',
      postDate: '2025-12-24',
    });
  });

  it("shows the server's message when it refuses the post, else the spec's fallback", async () => {
    let answer = jsonResponse(
      {
        message: 'Some fields are invalid.',
        code: 'validation_failed',
        fields: { title: 'Title is too long (300 characters at most).' },
      },
      400,
    );
    stubFetch(() => answer);
    const { user: u, router } = await renderWithRouter(<NewBlogForm />, { path: '/blogs/new' });
    await fillRequired(u);
    await u.click(screen.getByRole('button', { name: 'Post blog' }));

    expect(await screen.findByText('Some fields are invalid.')).toBeInTheDocument();
    expect(screen.getByText('Title is too long (300 characters at most).')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blogs/new');

    answer = new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } });
    await u.click(screen.getByRole('button', { name: 'Post blog' }));
    expect(
      await screen.findByText('Failed to post blog. Please check your input and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Content')).toHaveValue('A year of work.');
  });
});
