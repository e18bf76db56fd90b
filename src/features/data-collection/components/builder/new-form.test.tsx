import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { NewForm } from './new-form';

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const created = (title: string) => ({
  id: '01NEW',
  title,
  status: 'draft',
  publishedVersion: null,
  hasUnpublishedChanges: true,
  questionCount: 0,
  responseCount: 0,
  lastSubmissionAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  draft: { title, languages: ['default'], questions: [], choices: {} },
});

const xlsx = (name = 'survey.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

describe('NewForm', () => {
  it('asks for a title, then creates an empty draft and opens it', async () => {
    const { requests } = stubFetch(() => jsonResponse(created('Household survey'), 201));
    const onCreated = vi.fn();
    const { user } = await renderWithRouter(<NewForm onCreated={onCreated} />, {
      path: '/data-collection/forms/new',
    });
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required.');
    expect(requests).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Household survey ');
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: '01NEW' })));
    expect(requests[0]!.url).toBe('/api/forms');
    expect(requests[0]!.body).toEqual({
      definition: { title: 'Household survey', languages: ['default'], questions: [], choices: {} },
    });
    expect(requests[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('imports an XLSForm as the raw body and opens the new draft', async () => {
    const { requests } = stubFetch(() => jsonResponse(created('From Kobo'), 201));
    const onCreated = vi.fn();
    const { user, container } = await renderWithRouter(<NewForm onCreated={onCreated} />, {
      path: '/data-collection/forms/new',
    });
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Import XLSForm' }));
    expect(click).toHaveBeenCalled();
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx'));

    const file = xlsx();
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'From Kobo' })),
    );
    expect(requests[0]!.url).toBe('/api/forms/import');
    expect(requests[0]!.body).toBe(file);
    expect(requests[0]!.headers.get('Content-Type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(requests[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the problems of a refused XLSForm where a spreadsheet user looks for them', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          code: 'xlsform_invalid',
          message: 'The XLSForm has 2 problems.',
          issues: [
            { sheet: 'survey', row: 4, column: 'type', message: 'Unknown question type “txt”.' },
            { sheet: 'choices', row: null, column: null, message: 'The choices sheet is missing.' },
          ],
        },
        400,
      ),
    );
    const onCreated = vi.fn();
    const { container } = await renderWithRouter(<NewForm onCreated={onCreated} />, {
      path: '/data-collection/forms/new',
    });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [xlsx('bad.xlsx')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('bad.xlsx: The XLSForm has 2 problems.');
    const rows = within(screen.getByRole('table', { name: 'Problems found in the XLSForm' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Sheet', 'Row', 'Column', 'Message'],
      ['survey', '4', 'type', 'Unknown question type “txt”.'],
      ['choices', '–', '–', 'The choices sheet is missing.'],
    ]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an .xlsx without sending it', async () => {
    const { requests } = stubFetch(() => jsonResponse({}, 500));
    const { container } = await renderWithRouter(<NewForm onCreated={vi.fn()} />, {
      path: '/data-collection/forms/new',
    });
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [new File(['a,b'], 'survey.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an .xlsx file');
    expect(requests).toHaveLength(0);
  });
});
