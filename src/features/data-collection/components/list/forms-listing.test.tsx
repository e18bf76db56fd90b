import type { FormSummary } from '@contract/forms/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import type { FormPermissions } from './form-card';
import { FormsListing } from './forms-listing';

afterEach(() => vi.restoreAllMocks());

const summary = (id: string, title: string, extra: Partial<FormSummary> = {}): FormSummary => ({
  id,
  title,
  status: 'open',
  publishedVersion: 3,
  hasUnpublishedChanges: true,
  questionCount: 12,
  responseCount: 40,
  lastSubmissionAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...extra,
});

const survey = summary('01HOUSE', 'Household survey');
const draft = summary('01DRAFT', 'Clinic intake', {
  status: 'draft',
  publishedVersion: null,
  hasUnpublishedChanges: true,
  questionCount: 1,
  responseCount: 0,
  lastSubmissionAt: null,
});

const admin: FormPermissions = { build: true, publish: true, readResponses: true };
const volunteer: FormPermissions = { build: false, publish: false, readResponses: false };

/** The cards, not the lists inside them. */
const cards = async () =>
  Array.from((await screen.findByRole('list', { name: 'Forms' })).children) as HTMLElement[];

const detail = (form: FormSummary) => ({
  ...form,
  draft: { title: form.title, languages: ['default'], questions: [], choices: {} },
});

function renderListing(
  permissions: FormPermissions,
  handler: (r: StubbedRequest) => Response | Promise<Response>,
) {
  const stub = stubFetch(handler);
  return {
    ...stub,
    view: renderWithRouter(
      <FormsListing permissions={permissions} emptyAction={<a href="/new">New form</a>} />,
      { path: '/data-collection' },
    ),
  };
}

describe('FormsListing', () => {
  it('shows each form with its status, size, responses and an admin’s actions', async () => {
    const { view } = renderListing(admin, () => jsonResponse([survey, draft]));
    await view;
    const [one, two] = await cards();
    const first = within(one!);
    expect(first.getByRole('heading', { name: 'Household survey' })).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(first.getByText('12 questions · 40 responses')).toBeInTheDocument();
    expect(first.getByText('5 minutes ago')).toBeInTheDocument();
    expect(first.getByText('Version 3 published · unpublished changes')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Edit Household survey' })).toHaveAttribute(
      'href',
      '/data-collection/forms/01HOUSE',
    );
    expect(first.getByRole('link', { name: 'Responses Household survey' })).toHaveAttribute(
      'href',
      '/data-collection/responses/01HOUSE',
    );
    expect(first.getByRole('link', { name: /^Fill Household survey/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/data-collection/forms/01HOUSE/fill`,
    );
    for (const name of [
      'Copy link of Household survey',
      'Publish Household survey',
      'Close Household survey',
      'Delete Household survey',
    ])
      expect(first.getByRole('button', { name })).toBeInTheDocument();

    const second = within(two!);
    expect(second.getByText('Draft')).toBeInTheDocument();
    expect(second.getByText('1 question · 0 responses')).toBeInTheDocument();
    expect(second.getByText('No responses yet')).toBeInTheDocument();
    expect(second.getByText('Not published yet')).toBeInTheDocument();
    // A draft has no fill link yet.
    expect(second.queryByRole('link', { name: /^Fill/ })).not.toBeInTheDocument();
    expect(second.queryByRole('button', { name: /^Copy link/ })).not.toBeInTheDocument();
  });

  it('shows a volunteer the forms to fill, nothing to change', async () => {
    const { view } = renderListing(volunteer, () => jsonResponse([survey]));
    await view;
    const card = within((await cards())[0]!);
    expect(card.getByRole('heading', { name: 'Household survey' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: /^Fill Household survey/ })).toBeInTheDocument();
    expect(card.getAllByRole('link')).toHaveLength(1);
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Copy link of Household survey']);
    expect(card.queryByText(/Version 3/)).not.toBeInTheDocument();
  });

  it('explains what a form is when there is none, and offers to make one', async () => {
    const { view } = renderListing(admin, () => jsonResponse([]));
    await view;
    expect(await screen.findByText('No forms yet.')).toBeInTheDocument();
    expect(screen.getByText(/A form is a list of questions/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New form' })).toBeInTheDocument();
  });

  it('says why the forms did not load, and tries again', async () => {
    let down = true;
    const { view } = renderListing(admin, () =>
      down ? jsonResponse({ message: 'The database is asleep.' }, 500) : jsonResponse([survey]),
    );
    const { user } = await view;
    expect(await screen.findByText('The database is asleep.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Household survey' })).toBeInTheDocument();
  });

  it('publishes from the card with an Idempotency-Key', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { view, requests } = renderListing(admin, (r) =>
      r.method === 'POST'
        ? jsonResponse(
            detail({ ...draft, status: 'open', publishedVersion: 1, hasUnpublishedChanges: false }),
          )
        : jsonResponse([survey, draft]),
    );
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Publish Clinic intake' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Form published.'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/forms/01DRAFT/publish');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says to open the builder when publishing finds problems', async () => {
    const { view } = renderListing(admin, (r) =>
      r.method === 'POST'
        ? jsonResponse(
            {
              code: 'form_invalid',
              message: 'The form has problems.',
              fields: { 'age.relevant': 'Unknown ${x}.' },
            },
            400,
          )
        : jsonResponse([draft]),
    );
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Publish Clinic intake' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The form has problems to fix before it can be published: open it in the builder to see them.',
    );
  });

  it('deletes a form after asking, and takes it off the list', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    let deleted = false;
    const { view, requests } = renderListing(admin, (r) => {
      if (r.method === 'DELETE') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return jsonResponse(deleted ? [survey] : [survey, draft]);
    });
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Delete Clinic intake' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Clinic intake”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Clinic intake' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const remove = requests.find((r) => r.method === 'DELETE')!;
    expect(remove.url).toBe('/api/forms/01DRAFT');
    expect(remove.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Collect Data' })).toHaveFocus();
  });

  it('says to close a form with responses instead, and closes it from the dialog', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { view, requests } = renderListing(admin, (r) => {
      if (r.method === 'DELETE')
        return jsonResponse(
          { code: 'form_has_responses', message: 'This form has responses: close it instead.' },
          409,
        );
      if (r.method === 'POST') return jsonResponse(detail({ ...survey, status: 'closed' }));
      return jsonResponse([survey]);
    });
    const { user } = await view;
    await user.click(await screen.findByRole('button', { name: 'Delete Household survey' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This form has responses, so it cannot be deleted. Close it instead',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close the form' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/forms/01HOUSE/close');
  });
});
