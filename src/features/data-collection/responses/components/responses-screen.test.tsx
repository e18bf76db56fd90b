import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import type { ResponsesSearch } from '../responses-filter';
import { stubResponsesApi, submissionOf } from '../testing';
import { ResponsesScreen } from './responses-screen';
import type { ResponsePermissions } from './response-detail-dialog';

const reviewer: ResponsePermissions = { review: true, readAll: true };
const volunteer: ResponsePermissions = { review: false, readAll: false };

/** The route's part: the search params live in the URL there, in state here. */
function Harness({
  initial = {},
  permissions = reviewer,
}: {
  initial?: ResponsesSearch;
  permissions?: ResponsePermissions;
}) {
  const [search, setSearch] = useState<ResponsesSearch>(initial);
  return (
    <>
      <ResponsesScreen
        formId="F1"
        search={search}
        onSearchChange={(patch) =>
          setSearch((s) =>
            Object.fromEntries(Object.entries({ ...s, ...patch }).filter(([, v]) => v !== undefined)),
          )
        }
        permissions={permissions}
      />
      <output data-testid="search">{JSON.stringify(search)}</output>
    </>
  );
}

const listingRequests = (requests: { url: string; method: string }[]) =>
  requests
    .map((r) => new URL(r.url, 'http://localhost'))
    .filter((url) => url.pathname === '/api/forms/F1/submissions');

const searchState = () => JSON.parse(screen.getByTestId('search').textContent!) as ResponsesSearch;

afterEach(() => vi.restoreAllMocks());

describe('the responses table', () => {
  it('shows the form, its counts and each response’s answers as labels, in the language chosen', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubResponsesApi({ responseCount: 12 });
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Household survey' })).toBeInTheDocument();
    expect(await screen.findByText('12 responses in all · version 2 published')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Children?' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Food, Water' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Amina' })).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 response');

    await user.selectOptions(screen.getByLabelText('Labels in'), 'French (fr)');
    expect(await within(table).findByRole('columnheader', { name: 'Enfants ?' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Oui' })).toBeInTheDocument();
  });

  it('loads the next page as the end comes into view, counting “N+” until the last', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const first = Array.from({ length: 10 }, () => submissionOf());
    const second = Array.from({ length: 5 }, () => submissionOf());
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { requests } = stubResponsesApi({
      pages: [first, second],
      extra: async (_, url) => {
        if (url.pathname === '/api/forms/F1/submissions' && url.searchParams.get('cursor')) await held;
        return undefined;
      },
    });
    await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    expect(await screen.findByText('10+ responses')).toBeInTheDocument();
    release();
    expect(await screen.findByText('15 responses')).toBeInTheDocument();
    const asked = listingRequests(requests);
    expect(asked[0]!.searchParams.get('limit')).toBe('50');
    expect(asked.at(-1)!.searchParams.get('cursor')).toBe('1');
    expect(screen.getAllByRole('row')).toHaveLength(16);
  });

  it('applies the filters together, into the URL and the request', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    const { requests } = stubResponsesApi();
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    await screen.findByRole('table');
    const before = listingRequests(requests).length;
    await user.selectOptions(screen.getByLabelText('Review status'), 'Approved');
    await user.selectOptions(screen.getByLabelText('Submitted by'), 'Amina');
    await user.selectOptions(screen.getByLabelText('Question'), 'Children?');
    await user.selectOptions(screen.getByLabelText('Answer'), 'Yes');
    await user.type(screen.getByLabelText('Received from'), '2026-03-01');
    // Nothing is asked while the filter is a draft.
    expect(listingRequests(requests)).toHaveLength(before);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(searchState()).toEqual({
      from: '2026-03-01',
      reviewStatus: 'approved',
      submittedBy: 'U1',
      question: 'has_children',
      value: 'yes',
    });
    await waitFor(() => expect(listingRequests(requests).length).toBeGreaterThan(before));
    const asked = listingRequests(requests).at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      from: new Date(2026, 2, 1).toISOString(),
      reviewStatus: 'approved',
      submittedBy: 'U1',
      question: 'has_children',
      value: 'yes',
    });
  });

  it('refuses a range that ends before it starts, with the reason under “Received to”', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubResponsesApi();
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Received from'), '2026-03-05');
    await user.type(screen.getByLabelText('Received to'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('Received to')).toHaveAccessibleDescription(
      'The last day must be on or after the first day.',
    );
    expect(searchState()).toEqual({});
  });

  it('says when nothing matches, and clears the filters', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubResponsesApi({ pages: [[]] });
    const { user } = await renderWithRouter(<Harness initial={{ reviewStatus: 'rejected' }} />, {
      path: '/data-collection/responses/F1',
    });
    expect(await screen.findByText('No responses match these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('0 responses');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(searchState()).toEqual({});
    expect(await screen.findByText('No responses yet.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    let fail = true;
    stubResponsesApi({
      extra: (_, url) =>
        url.pathname === '/api/forms/F1/submissions' && fail
          ? jsonResponse({ message: 'The database is resting.' }, 500)
          : undefined,
    });
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is resting.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('shows cards instead of a wide table on a phone', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubResponsesApi();
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    const list = await screen.findByRole('list', { name: 'Responses' });
    expect(within(list).getByText('Children?')).toBeInTheDocument();
    expect(within(list).getByText('Yes')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The filters wait behind their button, so the responses start on the first screen.
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('search', { name: 'Filter responses' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('says when the form was never published', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubResponsesApi({
      extra: (_, url) =>
        url.pathname === '/api/forms/F1/definition'
          ? jsonResponse({ message: 'Form not found.' }, 404)
          : undefined,
    });
    await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    expect(
      await screen.findByText('This form has not been published yet, so it has no responses.'),
    ).toBeInTheDocument();
  });
});

describe('a response’s detail', () => {
  it('opens in a dialog with every answer along the form, and gives focus back on close', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    const response = submissionOf();
    stubResponsesApi({ pages: [[response]] });
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    const open = await screen.findByRole('button', { name: /Open the response received/ });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    expect(searchState().response).toBe(response.id);
    expect(within(dialog).getByRole('heading', { name: 'House' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Members 2' })).toBeInTheDocument();
    expect(within(dialog).getByText('Eric')).toBeInTheDocument();
    expect(within(dialog).getByText('Food, Water')).toBeInTheDocument();
    expect(within(dialog).getByText('-1.95, 30.06')).toBeInTheDocument();
    expect(await within(dialog).findByText('No changes since it was received.')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchState().response).toBeUndefined();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Open the response received/ })).toHaveFocus(),
    );
  });

  it('rejects only with a reason, and approves', async () => {
    signInAs({ id: 'u1', role: 'STAFF' });
    const response = submissionOf();
    const { requests } = stubResponsesApi({
      pages: [[response]],
      extra: (request, url) => {
        if (url.pathname.endsWith('/review')) {
          const body = request.body as { reviewStatus: 'approved'; comment?: string };
          return jsonResponse({
            ...response,
            reviewStatus: body.reviewStatus,
            reviewComment: body.comment ?? null,
          });
        }
        return undefined;
      },
    });
    const { user } = await renderWithRouter(<Harness initial={{ response: response.id }} />, {
      path: '/data-collection/responses/F1',
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Reject' }));
    const comment = within(dialog).getByLabelText('Review comment');
    expect(comment).toHaveAccessibleDescription('Say why the response is rejected.');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(comment, 'Wrong village');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        reviewStatus: 'rejected',
        comment: 'Wrong village',
      }),
    );
    expect(await within(dialog).findByText('Wrong village')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark as received' })).toBeInTheDocument();
    // The table behind shows the new state too.
    await user.keyboard('{Escape}');
    expect(await within(await screen.findByRole('table')).findByText('Rejected')).toBeInTheDocument();
  });

  it('saves corrected answers and shows a refused one’s message under its input', async () => {
    const { user, dialog, puts } = await editAnswersOf((answers) =>
      (answers as { age: string }).age === 'forty'
        ? jsonResponse(
            {
              message: 'Some answers are not accepted.',
              code: 'validation_failed',
              fields: { age: 'Age must be a whole number.', 'member[2]/member_name': 'A name is needed.' },
            },
            400,
          )
        : undefined,
    );
    const age = within(dialog).getByLabelText('Age');
    await user.clear(age);
    await user.type(age, 'forty');
    expect(within(dialog).getByLabelText('Children?')).toHaveValue('yes');
    await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(age).toHaveAccessibleDescription('Age must be a whole number.'));
    expect(
      within(dialog).getByLabelText('Name', { selector: '#' + CSS.escape(nameInputId(dialog, 1)) }),
    ).toHaveAccessibleDescription('A name is needed.');

    await user.clear(age);
    await user.type(age, '43');
    await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    expect(await within(dialog).findByRole('heading', { name: 'Answers' })).toBeInTheDocument();
    expect(within(dialog).getByText('43')).toBeInTheDocument();
    expect(puts.at(-1)).toMatchObject({
      answers: { age: '43', member: [{ member_name: 'Aline' }, { member_name: 'Eric' }] },
    });
  });

  it('adds and removes a repeat’s entries in the answers it saves', async () => {
    const { user, dialog, puts } = await editAnswersOf();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Members 1' }));
    expect(
      within(dialog)
        .getAllByLabelText('Name')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Eric']);
    await user.click(within(dialog).getByRole('button', { name: 'Add Members' }));
    expect(within(dialog).getByRole('group', { name: 'Members 2' })).toBeInTheDocument();
    await user.type(within(dialog).getAllByLabelText('Name')[1]!, 'Nadia');
    await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() =>
      expect(puts.at(-1)).toMatchObject({
        answers: { member: [{ member_name: 'Eric' }, { member_name: 'Nadia' }] },
      }),
    );
  });

  it('lists who changed what and when', async () => {
    signInAs({ id: 'u1', role: 'ANALYST' });
    const response = submissionOf({ answers: { village: 'Ngoma' }, reviewStatus: 'approved' });
    stubResponsesApi({
      pages: [[response]],
      extra: (_, url) =>
        url.pathname.endsWith('/history')
          ? jsonResponse([
              {
                id: 'E2',
                kind: 'review',
                previous: { reviewStatus: 'received', reviewComment: null },
                comment: null,
                editedBy: { id: 'U2', name: 'Grace' },
                editedAt: '2026-03-15T10:00:00.000Z',
              },
              {
                id: 'E1',
                kind: 'answers',
                previous: { village: 'Kayonza' },
                comment: 'Typo',
                editedBy: { id: 'U3', name: 'Jean' },
                editedAt: '2026-03-15T09:00:00.000Z',
              },
            ])
          : undefined,
    });
    await renderWithRouter(
      <Harness initial={{ response: response.id }} permissions={{ review: false, readAll: true }} />,
      {
        path: '/data-collection/responses/F1',
      },
    );
    const dialog = await screen.findByRole('dialog');
    const history = await within(dialog).findByRole('list');
    const [review, answers] = within(history).getAllByRole('listitem');
    expect(review).toHaveTextContent('Grace approved it');
    expect(review).toHaveTextContent('Received → Approved');
    expect(answers).toHaveTextContent('Jean changed the answers');
    expect(answers).toHaveTextContent('Comment: Typo');
    expect(within(answers!).getByText('Kayonza').tagName).toBe('DEL');
    expect(within(answers!).getByText('Ngoma').tagName).toBe('INS');
    // An analyst reads; only reviewers act.
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit answers' })).not.toBeInTheDocument();
  });

  it('shows a volunteer their response without the history or the reviewer’s actions', async () => {
    signInAs({ id: 'u1', role: 'VOLUNTEER' });
    const response = submissionOf();
    const { requests } = stubResponsesApi({ pages: [[response]] });
    await renderWithRouter(<Harness initial={{ response: response.id }} permissions={volunteer} />, {
      path: '/data-collection/responses/F1',
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Eric')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Submitted by')).not.toBeInTheDocument();
    expect(screen.getByText('Your responses to this form')).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/history'))).toBe(false);
  });
});

describe('the summary', () => {
  it('draws choices, numbers and positions with their numbers in words', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    const { requests } = stubResponsesApi({ responseCount: 5 });
    const { user } = await renderWithRouter(<Harness initial={{ reviewStatus: 'approved' }} />, {
      path: '/data-collection/responses/F1',
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Summary of 5 responses matching the filters')).toBeInTheDocument();
    const asked = requests
      .map((r) => new URL(r.url, 'http://localhost'))
      .find((u) => u.pathname === '/api/forms/F1/summary');
    expect(asked!.searchParams.get('reviewStatus')).toBe('approved');

    const children = screen.getByRole('list', { name: 'Answers to Children?' });
    const [yes, no] = within(children).getAllByRole('listitem');
    expect(yes).toHaveTextContent('Yes3 (75%)');
    expect(no).toHaveTextContent('No1 (25%)');

    const ages = screen.getByRole('table', { name: 'Answers to Age, by range' });
    expect(within(ages).getByRole('row', { name: '40–49 3' })).toBeInTheDocument();

    expect(screen.getByRole('img', { name: /^Plot of 2 positions answered to Where/ })).toBeInTheDocument();
    expect(screen.getAllByText('4 of 5 responses answered (80%)')).toHaveLength(2);
    expect(screen.getByText('2 of 5 responses answered (40%)')).toBeInTheDocument();
  });

  it('moves between the views with the arrow keys', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubResponsesApi();
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    await screen.findByRole('table');
    screen.getByRole('tab', { name: 'Table' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(searchState().view).toBe('summary');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Summary' })).toHaveFocus());
  });
});

describe('exports', () => {
  it('downloads the chosen format with the token, showing the progress', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let finish!: () => void;
    const { requests } = stubResponsesApi({
      extra: (_, url) => {
        if (!url.pathname.includes('/exports/')) return undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(2_000));
            finish = () => controller.close();
          },
        });
        return new Response(body, {
          headers: {
            'content-length': '4000',
            'content-disposition': 'attachment; filename="Household survey.xlsx"',
          },
        });
      },
    });
    const { user } = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const panel = screen.getByRole('group', { name: 'Export responses' });
    expect(within(panel).getByRole('option', { name: 'GeoJSON (GPS points)' })).toBeInTheDocument();
    await user.selectOptions(
      within(panel).getByLabelText('Table to export'),
      'Repeat: Members (one row per entry)',
    );
    await user.selectOptions(within(panel).getByLabelText('Format'), 'Excel (XLSX)');
    expect(within(panel).queryByLabelText('Table')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Download export' }));

    const bar = await within(panel).findByRole('progressbar', { name: 'Export download' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(bar).toHaveAttribute('aria-valuetext', expect.stringMatching(/^2 KB of 4 KB/));
    finish();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    const asked = requests.find((r) => r.url.includes('/exports/'))!;
    expect(asked.url).toBe('/api/forms/F1/exports/xlsx?labels=true&language=English+%28en%29');
    expect(asked.headers.get('Authorization')).toBe('Bearer test-token');
    vi.unstubAllGlobals();
  });
});

describe('accessibility', () => {
  const violations = async () =>
    // Landmarks are the portal layout's (not rendered here); contrast is checked in a browser.
    (
      await axe.run(document.body, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      })
    ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  const open = async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN' });
    stubResponsesApi({ responseCount: 5 });
    const rendered = await renderWithRouter(<Harness />, { path: '/data-collection/responses/F1' });
    await screen.findByRole('table');
    return rendered;
  };

  it('has no axe violations in the table with its filters and export', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations in a response’s detail, reading and editing', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: /Open the response received/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('No changes since it was received.');
    expect(await violations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Edit answers' }));
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations in the summary', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    await screen.findByRole('list', { name: 'Answers to Children?' });
    expect(await violations()).toEqual([]);
  });
});

/** The id of the name input of a repeat's instance (two inputs share the label 'Name'). */
/**
 * The NGO admin's answer editor open on a response; each saved body is kept in `puts`, and answered by
 * `refuse` when it returns a response, else saved as sent.
 */
async function editAnswersOf(refuse: (answers: unknown) => Response | undefined = () => undefined) {
  signInAs({ id: 'u1', role: 'NGO_ADMIN' });
  const response = submissionOf();
  const puts: unknown[] = [];
  stubResponsesApi({
    pages: [[response]],
    extra: (request, url) => {
      if (request.method !== 'PUT' || !url.pathname.endsWith('/answers')) return undefined;
      puts.push(request.body);
      const { answers } = request.body as { answers: object };
      return refuse(answers) ?? jsonResponse({ ...response, answers });
    },
  });
  const { user } = await renderWithRouter(<Harness initial={{ response: response.id }} />, {
    path: '/data-collection/responses/F1',
  });
  const dialog = await screen.findByRole('dialog');
  await user.click(await within(dialog).findByRole('button', { name: 'Edit answers' }));
  return { user, dialog, puts };
}

function nameInputId(dialog: HTMLElement, index: number): string {
  return within(dialog).getAllByLabelText('Name')[index]!.id;
}
