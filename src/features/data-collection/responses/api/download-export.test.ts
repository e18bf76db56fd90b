import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/session';
import { downloadExport, exportUrl, fileNameOf, type DownloadProgress } from './download-export';

afterEach(() => vi.restoreAllMocks());

const streamOf = (chunks: number[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });

describe('downloading an export', () => {
  it('asks for the file with the token and the filters, and counts the bytes as they arrive', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    const { requests } = stubFetch(
      () =>
        new Response(streamOf([100, 200, 300]), {
          headers: {
            'content-type': 'text/csv',
            'content-length': '600',
            'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''Enqu%C3%AAte.csv`,
          },
        }),
    );
    const seen: DownloadProgress[] = [];
    let clock = 0;
    const { blob, fileName } = await downloadExport(
      'F1',
      {
        format: 'csv',
        filter: { reviewStatus: 'approved', question: 'age', value: '3' },
        labels: true,
        language: 'French (fr)',
        repeat: 'member',
      },
      { onProgress: (p) => seen.push(p), now: () => (clock += 200) },
    );
    expect(blob.size).toBe(600);
    expect(fileName).toBe('Enquête.csv');
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer test-token');
    const url = new URL(requests[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/forms/F1/exports/csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      labels: 'true',
      language: 'French (fr)',
      reviewStatus: 'approved',
      repeat: 'member',
    });
    expect(seen.at(-1)).toMatchObject({ received: 600, total: 600 });
    expect(seen.map((p) => p.received)).toEqual(expect.arrayContaining([100, 300, 600]));
  });

  it('says the server’s refusal', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubFetch(
      () =>
        new Response(JSON.stringify({ message: 'A form without a geopoint has no GeoJSON.' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(downloadExport('F1', { format: 'geojson', filter: {}, labels: false })).rejects.toThrow(
      'A form without a geopoint has no GeoJSON.',
    );
  });

  it('leaves out what the format does not take, and names files sensibly', () => {
    expect(
      exportUrl('F1', { format: 'xlsx', filter: {}, labels: false, language: 'fr', repeat: 'member' }),
    ).toBe('/api/forms/F1/exports/xlsx');
    expect(fileNameOf('attachment; filename="Survey.xlsx"', 'f')).toBe('Survey.xlsx');
    expect(fileNameOf(null, 'responses.csv')).toBe('responses.csv');
  });
});
