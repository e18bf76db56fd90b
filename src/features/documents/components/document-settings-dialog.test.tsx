import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { settingsOf } from '../testing';
import { DocumentSettingsDialog } from './document-settings-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return <DocumentSettingsDialog open={open} onOpenChange={setOpen} />;
}

const file = (id: string, name: string, contentType: string) => ({
  kind: 'file',
  id,
  name,
  folderId: null,
  ownerId: 'ada',
  ownerName: 'Ada Admin',
  sizeBytes: 1000,
  contentType,
  sha256: 'x',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
});

function stubSettingsApi() {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/documents/settings' && request.method === 'PUT')
      return jsonResponse({
        ...settingsOf(),
        ...(request.body as object),
        updatedAt: '2026-11-28T10:00:00.000Z',
      });
    if (url.pathname === '/api/documents/settings') return jsonResponse(settingsOf());
    if (url.pathname === '/api/files')
      return jsonResponse([
        file('logo1', 'logo.png', 'image/png'),
        file('doc1', 'report.pdf', 'application/pdf'),
        file('logo2', 'banner.jpg', 'image/jpeg'),
      ]);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('DocumentSettingsDialog', () => {
  it('previews the letter with sample values and flags an unknown merge field before saving', async () => {
    signInAs({ id: 'ada', role: 'NGO_ADMIN' });
    const { requests } = stubSettingsApi();
    const { user } = await renderWithRouter(<Harness />, { path: '/volunteer/certificates' });
    const dialog = await screen.findByRole('dialog', { name: 'Document settings' });
    const template = await within(dialog).findByLabelText(/^Letter template/);
    const preview = within(dialog).getByTestId('letter-preview');
    expect(preview).toHaveTextContent('Dear reader, Amina Uwase gave 42.5 hours.');

    fireEvent.change(template, { target: { value: 'Thanks {{nmae}} for {{hours}} hours at {{ngo}}.' } });
    expect(within(dialog).getByText(/Unknown merge field: \{\{nmae\}\}/)).toBeInTheDocument();
    expect(template).toHaveAttribute('aria-invalid', 'true');
    // The unknown field stays as typed in the preview; the known ones are merged.
    expect(preview).toHaveTextContent('Thanks {{nmae}} for 42.5 hours at your organisation.');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(dialog).findByText(/The template uses a field that does not exist/),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    // A merge field chip is inserted where the caret is.
    fireEvent.change(template, { target: { value: 'Thanks  for {{hours}} hours.' } });
    (template as HTMLTextAreaElement).setSelectionRange(7, 7);
    await user.click(within(dialog).getByRole('button', { name: /^Insert \{\{name\}\}/ }));
    expect(template).toHaveValue('Thanks {{name}} for {{hours}} hours.');
    expect(within(dialog).queryByText(/Unknown merge field/)).toBeNull();
    expect(preview).toHaveTextContent('Thanks Amina Uwase for 42.5 hours.');
  });

  it('saves the template, the signer and a PNG or JPEG logo chosen from Cloud Storage', async () => {
    signInAs({ id: 'ada', role: 'NGO_ADMIN' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubSettingsApi();
    const { user } = await renderWithRouter(<Harness />, { path: '/volunteer/certificates' });
    const dialog = await screen.findByRole('dialog', { name: 'Document settings' });
    const logo = await within(dialog).findByLabelText(/^Logo/);
    await within(dialog).findByRole('option', { name: 'banner.jpg' });
    expect(within(dialog).queryByRole('option', { name: 'report.pdf' })).toBeNull();
    await user.selectOptions(logo, 'logo1');
    await user.clear(within(dialog).getByLabelText(/^Signer title/));
    await user.type(within(dialog).getByLabelText(/^Signer title/), 'Director');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Document settings saved.'));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      letterTemplate: 'Dear reader, {{name}} gave {{hours}} hours.',
      signerName: 'Ada Director',
      signerTitle: 'Director',
      logoFileId: 'logo1',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
