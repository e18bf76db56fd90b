import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/session';
import { exportXlsForm, fileNameOf } from './export-xlsform';

afterEach(() => vi.restoreAllMocks());

describe('exportXlsForm', () => {
  it('fetches the .xlsx with the user’s token and the name the server gives it', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const { requests } = stubFetch(
      () =>
        new Response('PK', {
          headers: {
            'content-disposition': `attachment; filename="survey.xlsx"; filename*=UTF-8''Enqu%C3%AAte.xlsx`,
          },
        }),
    );
    const { bytes, fileName } = await exportXlsForm('01HOUSE');
    expect(requests[0]!.url).toBe('/api/forms/01HOUSE/xlsform');
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(await bytes.text()).toBe('PK');
    expect(fileName).toBe('Enquête.xlsx');
  });

  it('says why the export was refused', async () => {
    stubFetch(() => jsonResponse({ message: 'Form not found.' }, 404));
    await expect(exportXlsForm('01GONE')).rejects.toThrow('Form not found.');
  });

  it('reads plain and encoded file names', () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
});
