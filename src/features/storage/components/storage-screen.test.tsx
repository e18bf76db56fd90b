import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { storageItem } from '../testing';
import { StorageScreen } from './storage-screen';
import { sortChoiceOf, type SortChoice } from './storage-sort';
import { STORAGE_VIEW_KEY } from './use-storage-view';

const item = storageItem;

const items = [
  item({ kind: 'folder', id: 'd1', name: 'Reports', sizeBytes: null, contentType: null }),
  item({}),
];

function stubStorage() {
  return stubFetch((request) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname === '/api/files/usage')
      return jsonResponse({ usedBytes: 0, reservedBytes: 0, limitBytes: 1e9, planId: 'p', planName: 'Free' });
    if (pathname === '/api/files') return jsonResponse(items);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

/** The route's part: the sort lives in the URL there, in state here. */
function Harness() {
  const [sort, setSort] = useState<SortChoice>(sortChoiceOf({}));
  return <StorageScreen folderId="" inTrash={false} sort={sort} onSortChange={setSort} />;
}

const listingRequests = (requests: { url: string }[]) =>
  requests.map((r) => new URL(r.url, 'http://localhost')).filter((url) => url.pathname === '/api/files');

afterEach(() => vi.restoreAllMocks());

describe('StorageScreen', () => {
  it('asks the listing again in the order chosen', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubStorage();
    const { user } = await renderWithRouter(<Harness />, { path: '/storage' });
    expect(await screen.findByRole('link', { name: 'Reports' })).toBeInTheDocument();
    const first = listingRequests(requests).at(-1)!;
    expect(first.searchParams.get('sortBy')).toBe('name');
    expect(first.searchParams.get('sortOrder')).toBe('asc');

    const select = screen.getByLabelText('Sort by');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name (A–Z)', 'Newest first', 'Oldest first', 'Largest first', 'Smallest first']);
    await user.selectOptions(select, 'Largest first');
    await vi.waitFor(() => {
      const last = listingRequests(requests).at(-1)!;
      expect(last.searchParams.get('sortBy')).toBe('size');
      expect(last.searchParams.get('sortOrder')).toBe('desc');
    });
    await user.selectOptions(select, 'Oldest first');
    await vi.waitFor(() => {
      const last = listingRequests(requests).at(-1)!;
      expect(last.searchParams.get('sortBy')).toBe('created');
      expect(last.searchParams.get('sortOrder')).toBe('asc');
    });
    expect(select).toHaveValue('created-asc');
  });

  it('switches between list and grid and remembers the choice', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    stubStorage();
    const { user, unmount } = await renderWithRouter(<Harness />, { path: '/storage' });
    const list = await screen.findByRole('list', { name: 'Files and folders' });
    const listView = screen.getByRole('button', { name: 'List view' });
    const gridView = screen.getByRole('button', { name: 'Grid view' });
    expect(listView).toHaveAttribute('aria-pressed', 'true');
    expect(gridView).toHaveAttribute('aria-pressed', 'false');
    expect(list).not.toHaveClass('grid');

    await user.click(gridView);
    expect(gridView).toHaveAttribute('aria-pressed', 'true');
    expect(listView).toHaveAttribute('aria-pressed', 'false');
    const grid = screen.getByRole('list', { name: 'Files and folders' });
    expect(grid).toHaveClass('grid');
    expect(localStorage.getItem(STORAGE_VIEW_KEY)).toBe('grid');
    // The cards offer what the rows did.
    const card = within(grid).getAllByRole('listitem')[1]!;
    for (const name of [
      'Download report.pdf',
      'Share report.pdf',
      'Rename report.pdf',
      'Move report.pdf',
      'Move report.pdf to the trash',
    ])
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Reports' })).toBeInTheDocument();
    expect(within(grid).getByTitle('report.pdf')).toBeInTheDocument();

    unmount();
    await renderWithRouter(<Harness />, { path: '/storage' });
    expect(await screen.findByRole('list', { name: 'Files and folders' })).toHaveClass('grid');
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers Move only to those who may change the item, and opens its dialog', async () => {
    signInAs({ id: 'u2', role: 'STAFF' });
    stubStorage();
    const { unmount } = await renderWithRouter(<Harness />, { path: '/storage' });
    const list = await screen.findByRole('list', { name: 'Files and folders' });
    // Amina's file: another STAFF member may share it, not rename or move it.
    expect(within(list).getByRole('button', { name: 'Share report.pdf' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Move report.pdf' })).not.toBeInTheDocument();
    unmount();

    signInAs({ id: 'u1', role: 'STAFF' });
    const { user } = await renderWithRouter(<Harness />, { path: '/storage' });
    await user.click(await screen.findByRole('button', { name: 'Move report.pdf' }));
    expect(await screen.findByRole('dialog', { name: 'Move report.pdf' })).toBeInTheDocument();
  });
});
