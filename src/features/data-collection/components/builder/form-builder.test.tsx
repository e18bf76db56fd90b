import type { FormDetail } from '@contract/forms/api';
import type { FormDefinition } from '@contract/forms/definition';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import type { FormPermissions } from '../list/form-card';
import { FormBuilder } from './form-builder';

// The builder is a big screen: a *ByRole query's check that each element is not hidden computes the
// styles of every ancestor of every element, 20 times the cost of the query itself. The screen
// hides nothing these tests look for (closed dialogs are not rendered), so skip that check here.
beforeAll(() => configure({ defaultHidden: true }));
afterAll(() => configure({ defaultHidden: false }));
beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const draft = (): FormDefinition => ({
  title: 'Household survey',
  languages: ['default'],
  questions: [
    { name: 'consent', type: 'select_one', listName: 'yes_no', label: { default: 'Do you agree?' } },
    { name: 'age', type: 'integer', label: { default: 'Age' } },
    {
      name: 'household',
      type: 'group',
      label: { default: 'Household' },
      children: [{ name: 'members', type: 'integer', label: { default: 'Members' } }],
    },
  ],
  choices: {
    yes_no: [
      { name: 'yes', label: { default: 'Yes' } },
      { name: 'no', label: { default: 'No' } },
    ],
  },
});

const detail = (definition: FormDefinition, extra: Partial<FormDetail> = {}): FormDetail => ({
  id: '01HOUSE',
  title: definition.title,
  status: 'open',
  publishedVersion: 3,
  hasUnpublishedChanges: true,
  questionCount: 4,
  responseCount: 12,
  lastSubmissionAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  draft: definition,
  ...extra,
});

const staff: FormPermissions = { build: true, publish: false, readResponses: true };
const admin: FormPermissions = { build: true, publish: true, readResponses: true };

function renderBuilder(
  permissions: FormPermissions = staff,
  onAction: (r: StubbedRequest) => Response | undefined = () => undefined,
) {
  const stub = stubFetch((r) => {
    const answer = onAction(r);
    if (answer) return answer;
    if (r.method === 'PUT')
      return jsonResponse(detail((r.body as { definition: FormDefinition }).definition));
    return jsonResponse(detail(draft()));
  });
  const view = renderWithRouter(<FormBuilder formId="01HOUSE" permissions={permissions} />, {
    path: '/data-collection/forms/01HOUSE',
  });
  return { ...stub, view };
}

/** The question rows of the tree, in order, by their label. */
const rowTitles = () =>
  Array.from(
    screen
      .getByRole('list', { name: 'Questions' })
      .querySelectorAll<HTMLElement>('[data-row] .truncate.font-medium'),
    (el) => el.textContent,
  );

const row = (name: RegExp | string) => screen.getByRole('button', { name });

// A whole screen per test, typed into key by key: on a busy 2-core machine one test can take seconds.
describe('FormBuilder', { timeout: 20_000 }, () => {
  it('shows the questions as a tree, the version, the saved state and the share link with its QR code', async () => {
    const { view } = renderBuilder();
    await view;
    expect(await screen.findByRole('heading', { level: 1, name: 'Household survey' })).toBeInTheDocument();
    expect(screen.getByText('Version 3 published · unpublished changes')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Do you agree?', 'Age', 'Household', 'Members']);
    // The group's question is inside the group's own list.
    const members = row('Members').closest('ol')!;
    expect(members).not.toBe(screen.getByRole('list', { name: 'Questions' }));
    expect(screen.getByRole('textbox', { name: 'Fill link' })).toHaveValue(
      `${window.location.origin}/data-collection/forms/01HOUSE/fill`,
    );
    const qr = await screen.findByRole('img', { name: 'QR code of the fill link of Household survey' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: 'Download QR' })).toHaveAttribute(
      'download',
      'household-survey-qr.svg',
    );
    expect(screen.getByRole('link', { name: 'Responses (12)' })).toHaveAttribute(
      'href',
      '/data-collection/responses/01HOUSE',
    );
    // Staff build; publishing is an admin's.
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('adds a question from the type picker after the selected one, then saves the whole definition', async () => {
    const { view, requests } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a question' });
    expect(dialog).toHaveAccessibleDescription('It goes after “Do you agree?”.');
    const kinds = within(within(dialog).getByRole('list', { name: 'Question types' })).getAllByRole('button');
    expect(kinds).toHaveLength(34);
    expect(kinds[0]).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const label = screen.getByRole('textbox', { name: 'Label' });
    await waitFor(() => expect(label).toHaveFocus());
    await user.type(label, 'Visit date');
    expect(rowTitles()).toEqual(['Do you agree?', 'Visit date', 'Age', 'Household', 'Members']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/forms/01HOUSE');
    expect(put.headers.get('Idempotency-Key')).toBeTruthy();
    const sent = (put.body as { definition: FormDefinition }).definition;
    expect(sent.questions[1]).toEqual({ name: 'date_1', type: 'date', label: { default: 'Visit date' } });
    expect(sent.choices).toEqual(draft().choices);
  });

  it('moves questions with the keyboard, into and out of a group, keeping the focus on the move', async () => {
    const { view } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Age' }));
    const actions = screen.getByRole('group', { name: 'Actions for Age' });
    await user.click(within(actions).getByRole('button', { name: 'Move up' }));
    expect(rowTitles()).toEqual(['Age', 'Do you agree?', 'Household', 'Members']);
    // Age is first now: Move up no longer applies, so the focus is on its row.
    expect(row('Age')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Move down' }));
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    expect(rowTitles()).toEqual(['Do you agree?', 'Household', 'Members', 'Age']);
    await user.click(screen.getByRole('button', { name: 'Move into the group above' }));
    expect(rowTitles()).toEqual(['Do you agree?', 'Household', 'Members', 'Age']);
    expect(row('Age').closest('ol')).toBe(row('Members').closest('ol'));
    // Nothing above Age in the group to move into: the focus is on its row, and the move is said.
    expect(row('Age')).toHaveFocus();
    expect(screen.getByText('Moved “Age” into the group above.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Move out of the group' }).focus();
    await user.keyboard('{Enter}');
    expect(row('Age').closest('ol')).toBe(screen.getByRole('list', { name: 'Questions' }));
  });

  it('takes a phone user from the selected question to its editor', async () => {
    const { view } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Age' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for Age' })).getByRole('button', { name: 'Edit' }),
    );
    expect(screen.getByRole('heading', { name: 'Edit question: Age' })).toHaveFocus();
  });

  it('moves a question by dragging it', async () => {
    const { view } = renderBuilder();
    await view;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    const age = (await screen.findByRole('button', { name: 'Age' })).parentElement!;
    fireEvent.dragStart(age, { dataTransfer });
    const last = screen.getByText('Drop here to put it last');
    fireEvent.dragOver(last, { dataTransfer });
    fireEvent.drop(last, { dataTransfer });
    expect(rowTitles()).toEqual(['Do you agree?', 'Household', 'Members', 'Age']);
    expect(screen.queryByText('Drop here to put it last')).not.toBeInTheDocument();
    expect(row('Age')).toHaveAttribute('aria-current', 'true');
  });

  it('duplicates and deletes; a group with questions asks first', async () => {
    const { view } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Age' }));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(rowTitles()).toEqual(['Do you agree?', 'Age', 'Age', 'Household', 'Members']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('age_2');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(rowTitles()).toEqual(['Do you agree?', 'Age', 'Household', 'Members']);

    await user.click(row('Household'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Household” and its questions?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(rowTitles()).toEqual(['Do you agree?', 'Age']);
  });

  it('writes "show when" from readable rules, and keeps an expression the rules cannot say as text', async () => {
    const { view, requests } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Age' }));
    const relevant = screen.getByRole('group', { name: 'Show this question only when…' });
    await user.click(within(relevant).getByRole('button', { name: 'Add rule' }));
    const rule = within(relevant).getByRole('group', { name: 'Rule 1' });
    expect(within(rule).getByRole('combobox', { name: 'Question' })).toHaveDisplayValue(
      'Do you agree? (consent)',
    );
    expect(within(rule).getByRole('combobox', { name: 'Condition' })).toHaveDisplayValue('is');
    await user.selectOptions(within(rule).getByRole('combobox', { name: 'Value' }), 'Yes');
    expect(within(relevant).getByText("${consent} = 'yes'")).toBeInTheDocument();

    await user.click(within(relevant).getByRole('button', { name: 'Edit as expression' }));
    const raw = within(relevant).getByRole('textbox', { name: 'Expression' });
    expect(raw).toHaveValue("${consent} = 'yes'");
    await user.clear(raw);
    await user.paste('string-length(${consent}) > 2');
    await user.click(within(relevant).getByRole('button', { name: 'Edit as expression' }));
    expect(within(relevant).getByRole('status')).toHaveTextContent('cannot be shown as rules');
    expect(within(relevant).getByRole('textbox', { name: 'Expression' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const sent = (requests.find((r) => r.method === 'PUT')!.body as { definition: FormDefinition })
      .definition;
    expect(sent.questions[1]?.relevant).toBe('string-length(${consent}) > 2');
  });

  it('writes a constraint on the answer itself', async () => {
    const { view } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Age' }));
    const constraint = screen.getByRole('group', { name: 'The answer must…' });
    await user.click(within(constraint).getByRole('button', { name: 'Add rule' }));
    const rule = within(constraint).getByRole('group', { name: 'Rule 1' });
    expect(within(rule).getByRole('combobox', { name: 'Question' })).toHaveDisplayValue('This answer');
    await user.selectOptions(within(rule).getByRole('combobox', { name: 'Condition' }), 'is at least');
    await user.type(within(rule).getByRole('textbox', { name: 'Value' }), '18');
    expect(within(constraint).getByText('. >= 18')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message when the answer is refused' })).toBeInTheDocument();
  });

  it('checks the definition before saving and shows the problems next to the questions', async () => {
    const { view, requests } = renderBuilder();
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Age' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'consent');
    expect(name).toHaveAccessibleDescription('Another question is also named “consent”.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 problems to fix before saving');
    expect(screen.getByRole('heading', { name: '2 problems to fix' })).toBeInTheDocument();
    expect(row('Age (has problems)')).toHaveAccessibleDescription('Integer · consent');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('renames a question in the rules that read it', async () => {
    const withRule = draft();
    withRule.questions[1]!.relevant = "${consent} = 'yes'";
    stubFetch(() => jsonResponse(detail(withRule)));
    const { user } = await renderWithRouter(<FormBuilder formId="01HOUSE" permissions={staff} />, {
      path: '/data-collection/forms/01HOUSE',
    });
    await screen.findByRole('heading', { level: 1 });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'agrees');
    await user.tab();
    await user.click(row('Age'));
    expect(
      within(screen.getByRole('group', { name: 'Show this question only when…' })).getByText(
        "${agrees} = 'yes'",
      ),
    ).toBeInTheDocument();
  });

  it('publishes for an admin, and shows the server’s problems next to the questions', async () => {
    const { view, requests } = renderBuilder(admin, (r) =>
      r.url.endsWith('/publish')
        ? jsonResponse(
            {
              code: 'form_invalid',
              message: 'The form has problems to fix before it can be published.',
              fields: { 'age.constraint': 'Unknown question ${nope}.' },
            },
            400,
          )
        : undefined,
    );
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('They are marked next to the questions.');
    expect(requests.find((r) => r.method === 'POST')!.headers.get('Idempotency-Key')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to Age' }));
    const constraint = screen.getByRole('group', { name: 'The answer must…' });
    expect(within(constraint).getByText('Unknown question ${nope}.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close form' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { view } = renderBuilder();
    const { user, router } = await view;
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' 2026');
    act(() => void router.navigate({ to: '/data-collection' as never }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Household survey 2026' })).toBeInTheDocument();
    act(() => void router.navigate({ to: '/data-collection' as never }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/data-collection');
  });

  it('shows a reader the questions and the link, nothing to change', async () => {
    const { view } = renderBuilder({ build: false, publish: false, readResponses: true });
    await view;
    expect(await screen.findByText(/You can read this form/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect((await screen.findAllByText('Do you agree?', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Fill link' })).toBeInTheDocument();
  });

  it('says a missing form is not found', async () => {
    stubFetch(() => jsonResponse({ message: 'Form not found.' }, 404));
    await renderWithRouter(<FormBuilder formId="01GONE" permissions={staff} />, {
      path: '/data-collection/forms/01GONE',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Form not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This form does not exist, or it belongs to another organisation.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
