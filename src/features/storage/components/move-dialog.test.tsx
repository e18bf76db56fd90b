import type { FolderDetail, StorageItem } from '@contract/files';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { storageItem } from '../testing';
import { MoveDialog } from './move-dialog';

const item = storageItem;
const folder = (id: string, name: string, parentId: string | null) =>
  item({ kind: 'folder', id, name, folderId: parentId, sizeBytes: null, contentType: null });

/** A small tree: root ⊃ Reports ⊃ 2026, and root ⊃ Photos. */
const tree = [
  folder('reports', 'Reports', null),
  folder('photos', 'Photos', null),
  folder('y2026', '2026', 'reports'),
];
const pathOf = (id: string): FolderDetail['path'] => {
  const f = tree.find((t) => t.id === id)!;
  return [...(f.folderId ? pathOf(f.folderId) : []), { id: f.id, name: f.name }];
};

function stubFolders(onPatch: (request: StubbedRequest) => Response = (r) => jsonResponse(r.body)) {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/folders') {
      const parent = url.searchParams.get('parentId');
      return jsonResponse(tree.filter((f) => f.folderId === parent));
    }
    const detail = /^\/api\/folders\/(\w+)$/.exec(url.pathname);
    if (request.method === 'GET' && detail) {
      const f = tree.find((t) => t.id === detail[1])!;
      return jsonResponse({ ...f, path: pathOf(f.id) });
    }
    if (request.method === 'PATCH') return onPatch(request);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

const renderDialog = (moved: StorageItem, onOpenChange = vi.fn()) =>
  renderWithRouter(<MoveDialog item={moved} onOpenChange={onOpenChange} />);

afterEach(() => vi.restoreAllMocks());

describe('MoveDialog', () => {
  it('starts where the item is, goes into a folder and moves the file there', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubFolders();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const onOpenChange = vi.fn();
    const { user } = await renderDialog(item({}), onOpenChange);
    const dialog = screen.getByRole('dialog', { name: 'Move report.pdf' });
    // It is at the root already: moving it "here" would change nothing.
    expect(await within(dialog).findByRole('heading', { name: 'Folders in All files' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move here' })).toBeDisabled();

    await user.click(await within(dialog).findByRole('button', { name: 'Open Reports' }));
    expect(await within(dialog).findByRole('heading', { name: 'Folders in Reports' })).toHaveFocus();
    expect(within(dialog).getByRole('navigation', { name: 'Folder path' })).toHaveTextContent(
      'All filesReports',
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Open 2026' }));
    expect(await within(dialog).findByText('No folders in here.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Up one level' }));
    expect(await within(dialog).findByRole('heading', { name: 'Folders in Reports' })).toBeInTheDocument();

    const moveHere = within(dialog).getByRole('button', { name: 'Move here' });
    await waitFor(() => expect(moveHere).toBeEnabled());
    await user.click(moveHere);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Moved report.pdf to Reports.'));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/files/f1');
    expect(patch.body).toEqual({ folderId: 'reports' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('moves a folder with parentId, null for All files, and never offers the folder itself', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubFolders();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user } = await renderDialog(tree[2]!);
    const dialog = screen.getByRole('dialog', { name: 'Move 2026' });
    expect(await within(dialog).findByRole('heading', { name: 'Folders in Reports' })).toBeInTheDocument();
    // Reports holds only 2026, the folder being moved: it is not a destination.
    expect(await within(dialog).findByText('No folders in here.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Open 2026' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('2026 is in this folder now.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'All files' }));
    expect(await within(dialog).findByRole('button', { name: 'Open Photos' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Moved 2026 to All files.'));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/folders/y2026');
    expect(patch.body).toEqual({ parentId: null });
  });

  it('shows the server’s message when the name is taken there', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    stubFolders(() =>
      jsonResponse({ message: 'Photos already holds an item named report.pdf.', code: 'conflict' }, 409),
    );
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const onOpenChange = vi.fn();
    const { user } = await renderDialog(item({}), onOpenChange);
    const dialog = screen.getByRole('dialog', { name: 'Move report.pdf' });
    await user.click(await within(dialog).findByRole('button', { name: 'Open Photos' }));
    const moveHere = within(dialog).getByRole('button', { name: 'Move here' });
    await waitFor(() => expect(moveHere).toBeEnabled());
    await user.click(moveHere);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Photos already holds an item named report.pdf.',
    );
    expect(success).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('loads more folders when the server has another page', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubFetch((request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.searchParams.get('cursor') === 'next') return jsonResponse([folder('b', 'Budgets', null)]);
      return new Response(JSON.stringify([folder('a', 'Archive', null)]), {
        headers: { 'content-type': 'application/json', 'Next-Cursor': 'next' },
      });
    });
    const { user } = await renderDialog(item({}));
    expect(await screen.findByRole('button', { name: 'Open Archive' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Open Budgets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(new URL(requests[0]!.url, 'http://localhost').searchParams.get('limit')).toBe('100');
  });

  it('needs the network to move', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFolders();
    await renderDialog(item({ folderId: 'photos' }));
    expect(screen.getByRole('button', { name: 'Move here' })).toBeDisabled();
    expect(screen.getByText('Connect to the internet to move files.')).toBeInTheDocument();
  });
});
