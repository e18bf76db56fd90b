import type { CreatedShare, ShareLink } from '@contract/shares';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { ShareDialog } from './share-dialog';

const file = { id: 'f1', name: 'report.pdf' };

const link = (over: Partial<ShareLink> = {}): ShareLink => ({
  id: 's1',
  fileId: 'f1',
  createdBy: 'u1',
  createdByName: 'Amina',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: null,
  hasPassword: false,
  downloads: 0,
  lastDownloadAt: null,
  revokedAt: null,
  ...over,
});

/** The share endpoints over a list kept here, so a write shows in the refetched list. */
function stubShares(links: ShareLink[], onPost?: (request: StubbedRequest) => Response | undefined) {
  return stubFetch((request) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (request.method === 'GET' && pathname === '/api/shares') return jsonResponse(links);
    if (request.method === 'POST' && pathname === '/api/shares') {
      const refusal = onPost?.(request);
      if (refusal) return refusal;
      const made: CreatedShare = {
        ...link({ id: 's9', expiresAt: (request.body as { expiresAt: string | null }).expiresAt }),
        url: 'https://portal.example/s/tok3n',
      };
      links.unshift(made);
      return jsonResponse(made, 201);
    }
    const revoked = /^\/api\/shares\/(\w+)$/.exec(pathname);
    if (request.method === 'DELETE' && revoked) {
      const index = links.findIndex((l) => l.id === revoked[1]);
      links[index] = { ...links[index]!, revokedAt: '2026-03-02T10:00:00.000Z' };
      return jsonResponse(links[index]);
    }
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

const renderDialog = () => renderWithRouter(<ShareDialog file={file} onOpenChange={() => {}} />);

afterEach(() => vi.restoreAllMocks());

describe('ShareDialog', () => {
  it('posts the chosen expiry and password, then shows the link once with Copy', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubShares([]);
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user } = await renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share report.pdf' });
    expect(await within(dialog).findByText('No links yet.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Link expires')).toHaveValue('7');

    await user.selectOptions(within(dialog).getByLabelText('Link expires'), 'In 30 days');
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'secret12');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const address = await within(dialog).findByLabelText('Share link');
    expect(address).toHaveValue('https://portal.example/s/tok3n');
    expect(address).toHaveAttribute('readonly');
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/shares');
    const body = post.body as { fileId: string; expiresAt: string; password: string };
    expect(body).toEqual({ fileId: 'f1', expiresAt: expect.any(String), password: 'secret12' });
    const days = (Date.parse(body.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    // The password belongs to the link now and is not kept typed in.
    expect(within(dialog).getByLabelText('Password (optional)')).toHaveValue('');
    // The list is asked again and shows the new link.
    expect(await within(dialog).findByRole('list', { name: 'Share links' })).toHaveTextContent('0 downloads');

    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://portal.example/s/tok3n');
    expect(success).toHaveBeenCalledWith('Link copied.');
  });

  it('selects the address and says how to copy it when the clipboard refuses', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    stubShares([]);
    const { user } = await renderDialog();
    await user.selectOptions(screen.getByLabelText('Link expires'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const address = await screen.findByLabelText<HTMLInputElement>('Share link');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText(/Copying was refused: the text is selected, press Ctrl\+C/),
    ).toBeInTheDocument();
    expect(address).toHaveFocus();
    expect(address.selectionEnd! - address.selectionStart!).toBe(address.value.length);
  });

  it('shows a 400’s password message under the password field', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    stubShares([], () =>
      jsonResponse(
        {
          message: 'Some fields are invalid.',
          code: 'validation',
          fields: { password: 'Password must not be the file name.' },
        },
        400,
      ),
    );
    const { user } = await renderDialog();
    await user.type(screen.getByLabelText('Password (optional)'), 'report.pdf');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Password must not be the file name.')).toBeInTheDocument();
    const password = screen.getByLabelText('Password (optional)');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password must not be the file name.');
    expect(screen.queryByLabelText('Share link')).not.toBeInTheDocument();
  });

  it('checks the password length before sending', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubShares([]);
    const { user } = await renderDialog();
    await user.type(screen.getByLabelText('Password (optional)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Password must have at least 6 characters.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('lists the links with their state and downloads, and revokes one with DELETE', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubShares([
      link({ id: 'mine', downloads: 3, hasPassword: true, expiresAt: '2999-01-01T00:00:00.000Z' }),
      link({ id: 'theirs', createdBy: 'u2', createdByName: 'Joseph', downloads: 1 }),
      link({ id: 'old', revokedAt: '2026-03-02T10:00:00.000Z' }),
      link({ id: 'ended', expiresAt: '2020-01-01T00:00:00.000Z' }),
    ]);
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user } = await renderDialog();
    const rows = within(await screen.findByRole('list', { name: 'Share links' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('3 downloads');
    expect(rows[0]).toHaveTextContent(/Expires .*2999/);
    expect(rows[0]).toHaveTextContent('Password');
    expect(rows[1]).toHaveTextContent('Never expires');
    expect(rows[1]).toHaveTextContent('1 download');
    // A STAFF member revokes only their own links.
    expect(within(rows[1]!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Revoked');
    expect(within(rows[2]!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Expired');

    await user.click(within(rows[0]!).getByRole('button', { name: /Revoke/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Link revoked'));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/shares/mine');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Share links' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Revoked'),
    );
  });

  it('lets a files manager revoke anyone’s link', async () => {
    signInAs({ id: 'boss', role: 'NGO_ADMIN' });
    stubShares([link({ id: 'theirs', createdBy: 'u2' })]);
    await renderDialog();
    const list = await screen.findByRole('list', { name: 'Share links' });
    expect(within(list).getByRole('button', { name: /Revoke/ })).toBeInTheDocument();
  });

  it('offers Retry when the links cannot be loaded', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    let fail = true;
    stubFetch(() =>
      fail ? jsonResponse({ message: 'The server is busy.' }, 503) : jsonResponse([link({ downloads: 2 })]),
    );
    const { user } = await renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 downloads')).toBeInTheDocument();
  });

  it('needs the network to make a link', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubShares([]);
    await renderDialog();
    expect(screen.getByRole('button', { name: 'Create link' })).toBeDisabled();
    expect(screen.getByText('Connect to the internet to make a link.')).toBeInTheDocument();
  });
});
