import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { currentVisit, useTrackVisit } from './track-visit';

afterEach(() => {
  vi.restoreAllMocks();
});

function Tracked() {
  useTrackVisit();
  return <p>Landing</p>;
}

describe('useTrackVisit', () => {
  it('sends exactly one page view with the path and query under StrictMode', async () => {
    const { spy, requests } = stubFetch(() => new Response(null, { status: 204 }));
    await renderWithRouter(<Tracked />, { path: '/?utm_source=newsletter&lang=en' });

    await waitFor(() => expect(requests).toHaveLength(1));
    // Effects have run twice by now (StrictMode); give any stray second request a chance to show.
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/marketing/track-visit',
      method: 'POST',
      body: { url: '/?utm_source=newsletter&lang=en' },
    });
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(spy.mock.calls[0]![1]).toMatchObject({ keepalive: true, credentials: 'include' });
  });

  it('is silent when the request fails', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { requests } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderWithRouter(<Tracked />, { path: '/' });
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('ignores an error answer too', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { requests } = stubFetch(() => jsonResponse({ message: 'Some fields are invalid.' }, 400));
    await renderWithRouter(<Tracked />, { path: '/' });
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('currentVisit', () => {
  it('sends the referrer only when there is one, and caps both fields', () => {
    expect(currentVisit({ pathname: '/', search: '' }, '')).toEqual({ url: '/', referrer: undefined });
    expect(currentVisit({ pathname: '/', search: '?a=1' }, 'https://example.org/x')).toEqual({
      url: '/?a=1',
      referrer: 'https://example.org/x',
    });
    const long = currentVisit({ pathname: '/', search: `?q=${'x'.repeat(5000)}` }, 'y'.repeat(5000));
    expect(long.url).toHaveLength(2048);
    expect(long.referrer).toHaveLength(2048);
  });
});
