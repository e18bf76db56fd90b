import type { IssuedDocument } from '@contract/documents';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import type { DocumentFilter } from '../documents-filter';
import { periodOf } from '../period';
import { documentOf, settingsOf } from '../testing';
import { DocumentsScreen } from './documents-screen';

/** The route's part: the filter lives in the URL there, in state here. */
function Harness({ viewer }: { viewer: { id: string; role: string } }) {
  const [filter, setFilter] = useState<DocumentFilter>({});
  return <DocumentsScreen filter={filter} onFilterChange={setFilter} viewer={viewer} />;
}

const certificate = documentOf();
const letter = documentOf({
  id: 'd2',
  kind: 'letter',
  code: 'QRSTV6789V',
  volunteerName: 'Jean Volunteer',
  volunteerId: 'jean',
  minutes: 1200,
});

/** The documents API over `docs`; `handler` answers first. */
function stubDocumentsApi(
  docs: IssuedDocument[] = [certificate, letter],
  handler?: (request: StubbedRequest, url: URL) => Response | undefined,
) {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = handler?.(request, url);
    if (answer) return answer;
    if (url.pathname === '/api/documents' && request.method === 'GET') return jsonResponse(docs);
    if (url.pathname === '/api/documents/settings') return jsonResponse(settingsOf());
    if (url.pathname === '/api/members')
      return jsonResponse([
        {
          id: 'grace',
          name: 'Grace Volunteer',
          email: 'grace@hope.org',
          role: 'VOLUNTEER',
          status: 'active',
        },
      ]);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const graceCertificate = 'Volunteer certificate for Grace Volunteer';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DocumentsScreen', () => {
  it('shows a volunteer their documents with code, status in words and hours, and downloads the PDF with their token', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { requests } = stubDocumentsApi([certificate], (_, url) =>
      url.pathname === '/api/documents/d1/pdf'
        ? new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })
        : undefined,
    );
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'grace', role: 'VOLUNTEER' }} />, {
      path: '/volunteer/certificates',
    });
    await screen.findByRole('article', { name: graceCertificate });
    expect(card(graceCertificate)).toHaveTextContent('ABCDE-1234E');
    expect(within(card(graceCertificate)).getByText('Valid')).toBeInTheDocument();
    expect(card(graceCertificate)).toHaveTextContent('12.5 hours (12 h 30 min)');
    expect(card(graceCertificate)).toHaveTextContent('by Ada Admin');
    // Their own list: nothing to filter, nothing to issue or revoke.
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('button', { name: /Issue|Revoke/ })).toBeNull();

    await user.click(within(card(graceCertificate)).getByRole('button', { name: /^Download PDF/ }));
    const failed = vi.spyOn(notify, 'error').mockImplementation(() => {});
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(failed).not.toHaveBeenCalled();
    const pdf = requests.find((r) => r.url.endsWith('/api/documents/d1/pdf'))!;
    expect(pdf.headers.get('Authorization')).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('certificate-ABCDE-1234E.pdf');
  });

  it('copies a document’s verification link', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    stubDocumentsApi([certificate]);
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'grace', role: 'VOLUNTEER' }} />, {
      path: '/volunteer/certificates',
    });
    await screen.findByRole('article', { name: graceCertificate });
    await user.click(within(card(graceCertificate)).getByRole('button', { name: /^Copy verification link/ }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/verify/ABCDE-1234E`);
    expect(success).toHaveBeenCalledWith('Verification link copied.');
  });

  it('shows staff the NGO’s documents read-only, with filters that ask the server', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    const { requests } = stubDocumentsApi();
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, {
      path: '/volunteer/certificates',
    });
    await screen.findByRole('article', { name: 'Reference letter for Jean Volunteer' });
    expect(screen.queryByRole('button', { name: /Issue|Revoke|Document settings/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Status'), 'revoked');
    await waitFor(() =>
      expect(
        requests.some((r) => new URL(r.url, 'http://localhost').searchParams.get('status') === 'revoked'),
      ).toBe(true),
    );
  });

  it('refuses an admin’s document whose period ends before it starts, then issues a valid one', async () => {
    signInAs({ id: 'ada', role: 'NGO_ADMIN' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubDocumentsApi([], (request, url) =>
      url.pathname === '/api/documents' && request.method === 'POST'
        ? jsonResponse(documentOf({ id: 'd9' }), 201)
        : undefined,
    );
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'ada', role: 'NGO_ADMIN' }} />, {
      path: '/volunteer/certificates',
    });
    expect(await screen.findByText('No documents yet. Issue one with Issue document.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a document' });
    // The default signer and this year are filled in.
    expect(await within(dialog).findByLabelText('Signer')).toHaveValue('Ada Director');
    expect(within(dialog).getByLabelText('Period')).toHaveValue('this-year');
    const year = periodOf('this-year')!;
    expect(within(dialog).getByLabelText(/^From/)).toHaveValue(year.periodFrom);

    await within(dialog).findByRole('option', { name: /Grace Volunteer/ });
    await user.selectOptions(within(dialog).getByLabelText(/^Volunteer/), 'grace');
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '2020-01-01');
    expect(within(dialog).getByLabelText('Period')).toHaveValue('custom');
    await user.click(within(dialog).getByRole('button', { name: 'Issue document' }));
    expect(await within(dialog).findByText('The period must end on or after its start.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^To/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Period'), 'last-year');
    await user.click(within(dialog).getByRole('button', { name: 'Issue document' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Volunteer certificate issued to Grace Volunteer.'),
    );
    const post = requests.find((r) => r.method === 'POST')!;
    const last = periodOf('last-year')!;
    expect(post.body).toEqual({
      volunteerId: 'grace',
      kind: 'certificate',
      periodFrom: last.periodFrom,
      periodTo: last.periodTo,
      signerName: 'Ada Director',
      signerTitle: 'Executive Director',
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('bulk-issues this year’s certificates above 20 hours by default and says what it did', async () => {
    signInAs({ id: 'ada', role: 'ADMIN' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubDocumentsApi([], (_, url) =>
      url.pathname === '/api/documents/bulk'
        ? jsonResponse({ issued: [certificate, letter], skipped: 3, alreadyIssued: 1 }, 201)
        : undefined,
    );
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'ada', role: 'ADMIN' }} />, {
      path: '/volunteer/certificates',
    });
    await screen.findByText(/No documents yet/);
    await user.click(screen.getByRole('button', { name: 'Issue to many' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue to many volunteers' });
    expect(within(dialog).getByLabelText(/^Minimum approved hours/)).toHaveValue(20);
    await user.click(within(dialog).getByRole('button', { name: 'Issue documents' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Issued 2, skipped 3, already issued 1.'));
    const year = periodOf('this-year')!;
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      kind: 'certificate',
      periodFrom: year.periodFrom,
      periodTo: year.periodTo,
      minHours: 20,
    });
  });

  it('asks an admin why a document is revoked before anything is sent, then shows it revoked', async () => {
    signInAs({ id: 'ada', role: 'NGO_ADMIN' });
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const revoked = documentOf({
      status: 'revoked',
      revokedAt: '2026-11-25T09:00:00.000Z',
      revokedReason: 'Issued in error',
    });
    let current = certificate;
    const { requests } = stubDocumentsApi(undefined, (request, url) => {
      if (url.pathname === '/api/documents/d1/revoke') {
        current = revoked;
        return jsonResponse(revoked);
      }
      if (url.pathname === '/api/documents' && request.method === 'GET') return jsonResponse([current]);
      return undefined;
    });
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'ada', role: 'NGO_ADMIN' }} />, {
      path: '/volunteer/certificates',
    });
    await screen.findByRole('article', { name: graceCertificate });
    await user.click(within(card(graceCertificate)).getByRole('button', { name: /^Revoke/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke document ABCDE-1234E?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke document' }));
    expect(await within(dialog).findByText('Say why the document is revoked.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Issued in error');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke document' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ reason: 'Issued in error' });
    expect(await within(card(graceCertificate)).findByText('Revoked')).toBeInTheDocument();
    expect(card(graceCertificate)).toHaveTextContent('Issued in error');
    expect(within(card(graceCertificate)).queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('says so, with Retry, when the list cannot be loaded', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    let fail = true;
    stubDocumentsApi([certificate], (_, url) =>
      url.pathname === '/api/documents' && fail
        ? jsonResponse({ message: 'The server is busy.', code: 'internal' }, 500)
        : undefined,
    );
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, {
      path: '/volunteer/certificates',
    });
    expect(await screen.findByText('The server is busy.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: graceCertificate })).toBeInTheDocument();
  });
});
