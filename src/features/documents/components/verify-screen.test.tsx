import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { titleForPath } from '@/lib/document-title';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { verificationOf } from '../testing';
import { VerifyScreen } from './verify-screen';

const verifyAt = (code: string) =>
  renderWithRouter(<VerifyScreen code={code} />, { path: `/verify/${code}` });

afterEach(() => vi.restoreAllMocks());

describe('VerifyScreen (public, nobody signed in)', () => {
  it('says a valid document is genuine, to whom it was issued and its figures, asked without a token', async () => {
    // Someone signed in to the portal on this phone checks a paper: their token is not sent.
    signInAs({ id: 'ada', role: 'NGO_ADMIN' });
    const { requests } = stubFetch(() => jsonResponse(verificationOf()));
    // Typed in lower case with a look-alike: the code is normalized before it is asked.
    await verifyAt('abcde-1234e');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genuine document' })).toBeInTheDocument();
    const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(detail('Document')).toHaveTextContent('Volunteer certificate');
    expect(detail('Issued to')).toHaveTextContent('Grace Volunteer');
    expect(detail('Organisation')).toHaveTextContent('Hope Foundation');
    expect(detail('Role')).toHaveTextContent('Volunteer');
    expect(detail('Period')).toHaveTextContent(/2026.*–.*2026/);
    expect(detail('Approved hours')).toHaveTextContent('12.5 hours (12 h 30 min)');
    expect(detail('Signed by')).toHaveTextContent('Ada Director, Executive Director');
    expect(detail('Issued on')).toHaveTextContent(/2026/);
    expect(detail('Code')).toHaveTextContent('ABCDE-1234E');
    expect(new URL(requests[0]!.url, 'http://localhost').pathname).toBe('/api/documents/verify/ABCDE1234E');
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('says a revoked document was revoked, and when', async () => {
    stubFetch(() =>
      jsonResponse(verificationOf({ status: 'revoked', revokedAt: '2026-11-25T12:00:00.000Z' })),
    );
    await verifyAt('ABCDE-1234E');
    const heading = await screen.findByRole('heading', { level: 1, name: /^This document was revoked on / });
    expect(heading).toHaveTextContent(/2026/);
    expect(screen.queryByText('Genuine document')).toBeNull();
  });

  it('tells a mistyped code from an unknown one without asking the server', async () => {
    const { requests } = stubFetch(() => jsonResponse(verificationOf()));
    // The check symbol of ABCDE-1234E is E: a slip of one character is caught.
    await verifyAt('ABCDE-1234F');
    expect(
      screen.getByRole('heading', { level: 1, name: 'This code is not valid — check it for typos' }),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('says no document has a well-formed code the server does not know', async () => {
    stubFetch(() => jsonResponse({ message: 'No document has this code.', code: 'not_found' }, 404));
    await verifyAt('QRSTV-6789V');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No document has this code' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/verify/QRSTV-6789V');
  });

  it('never sends a signed-in visitor to sign in, whatever the server answers', async () => {
    signInAs({ id: 'ada', role: 'NGO_ADMIN' });
    stubFetch(() => jsonResponse({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    await verifyAt('QRSTV-6789V');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The document could not be checked' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/verify/QRSTV-6789V');
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('is titled as the public verification page', () => {
    expect(titleForPath('/verify/QRSTV-6789V')).toBe('Verify a document · NGO Portal');
  });

  it('offers Retry when the check fails for want of a network, and shows the answer once it comes', async () => {
    let fail = true;
    stubFetch(() =>
      fail ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(verificationOf()),
    );
    const { user } = await verifyAt('ABCDE-1234E');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The document could not be checked' }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Genuine document' })).toBeInTheDocument();
  });

  it('checks another code typed as printed, going to its own page', async () => {
    stubFetch(() => jsonResponse(verificationOf()));
    const { user } = await verifyAt('ABCDE-1234E');
    await screen.findByRole('heading', { level: 1, name: 'Genuine document' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Type the code printed on the document.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Verification code/), ' qrstv 6789v ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toHaveTextContent('/verify/QRSTV-6789V'));
  });
});
