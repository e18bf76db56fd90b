import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { localToday } from '../blog-management-forms';
import { PasteBlogModal } from './paste-blog-modal';

afterEach(() => {
  vi.restoreAllMocks();
});

const saved = {
  id: '01JPASTED',
  title: 'Notes from the field',
  category: 'Stories',
  summary: '',
  content: 'We met 40 families.',
  imageUrl: null,
  author: 'Sam Super',
  postDate: '2026-03-01',
  source: 'manual',
  createdAt: '2026-03-01T10:00:00.000Z',
  generatedAt: null,
  tone: null,
  keywords: null,
};

async function openModal() {
  const rendered = await renderWithRouter(<PasteBlogModal />, { path: '/blogs' });
  await rendered.user.click(screen.getByRole('button', { name: 'Paste blog' }));
  const dialog = await screen.findByRole('dialog', { name: 'Paste a blog' });
  return { ...rendered, dialog };
}

describe('PasteBlogModal', () => {
  it('has Title, Category and a Content text area of 8 to 10 rows, the title focused first', async () => {
    const { dialog } = await openModal();
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(within(dialog).getByLabelText('Category')).toBeInTheDocument();
    const content = within(dialog).getByLabelText('Content');
    expect(content.tagName).toBe('TEXTAREA');
    expect(Number(content.getAttribute('rows'))).toBeGreaterThanOrEqual(8);
    expect(Number(content.getAttribute('rows'))).toBeLessThanOrEqual(10);
  });

  it("says 'Title and blog content are required.' once when either is missing", async () => {
    const { requests } = stubFetch(() => jsonResponse(saved, 201));
    const { user: u, dialog } = await openModal();

    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Title and blog content are required.')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Content')).toHaveAttribute('aria-invalid', 'true');
    // The shared message describes each field it is about.
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription(
      'Title and blog content are required.',
    );

    await u.type(within(dialog).getByLabelText('Title'), 'Notes from the field');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title and blog content are required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(0);
  });

  it("saves a manual post dated today, says 'Blog saved successfully!' and closes itself", async () => {
    const { requests } = stubFetch(() => jsonResponse(saved, 201));
    const { user: u, dialog } = await openModal();

    await u.type(within(dialog).getByLabelText('Title'), ' Notes from the field ');
    await u.type(within(dialog).getByLabelText('Category'), 'Stories');
    await u.type(within(dialog).getByLabelText('Content'), 'We met 40 families.');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Blog saved successfully!')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/blogs', method: 'POST' });
    expect(requests[0]!.body).toEqual({
      title: 'Notes from the field',
      category: 'Stories',
      content: 'We met 40 families.',
      source: 'manual',
      postDate: localToday(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it("shows 'Failed to save blog.' when the server refuses, and keeps what was typed", async () => {
    stubFetch(() => jsonResponse({ message: 'Something went wrong.' }, 500));
    const { user: u, dialog } = await openModal();
    await u.type(within(dialog).getByLabelText('Title'), 'Notes');
    await u.type(within(dialog).getByLabelText('Content'), 'Text.');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to save blog\.$/);
    expect(within(dialog).getByLabelText('Content')).toHaveValue('Text.');
  });

  it('starts empty again after being closed', async () => {
    const { user: u, dialog } = await openModal();
    await u.type(within(dialog).getByLabelText('Title'), 'Half-written');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Paste blog' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('');
  });
});
