import type { Task } from '@contract/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import type { TasksSearch } from '../tasks-search';
import { assignmentOf, taskOf } from '../testing';
import { TasksScreen } from './tasks-screen';

const staff = { id: 'eric', role: 'STAFF' };

/** The route's part: the search lives in the URL there, in state here. */
function Harness() {
  const [search, setSearch] = useState<TasksSearch>({});
  return (
    <TasksScreen
      search={search}
      onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
      viewer={staff}
    />
  );
}

const volunteers = [
  { id: 'grace', name: 'Grace Volunteer', email: 'grace@hope.org', role: 'VOLUNTEER', status: 'active' },
  { id: 'jean', name: 'Jean Volunteer', email: 'jean@hope.org', role: 'VOLUNTEER', status: 'active' },
];

const river = taskOf({
  assignments: [
    assignmentOf({ status: 'accepted' }),
    assignmentOf({ volunteerId: 'jean', volunteerName: 'Jean Volunteer' }),
  ],
  status: 'accepted',
});

/**
 * GET /api/tasks answers the server's tasks and GET /api/members the volunteers; `handler` answers
 * first. `store(task)` puts a write's answer in the server's tasks, so the lists asked again after
 * a write (the mutations invalidate them) agree with it.
 */
function stubTasksApi(
  tasks: Task[] = [river],
  handler?: (request: StubbedRequest, url: URL) => Response | undefined,
) {
  let current = tasks;
  const stub = stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = handler?.(request, url);
    if (answer) return answer;
    if (url.pathname === '/api/tasks' && request.method === 'GET') return jsonResponse(current);
    if (url.pathname === '/api/members') return jsonResponse(volunteers);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
  return {
    ...stub,
    store: (task: Task) => {
      current = current.map((t) => (t.id === task.id ? task : t));
      return jsonResponse(task);
    },
    writes: () => stub.requests.filter((r) => r.method !== 'GET'),
  };
}

const card = (title: string) => screen.getByRole('article', { name: title });

async function renderScreen() {
  const rendered = await renderWithRouter(<Harness />, { path: '/volunteer/tasks' });
  await screen.findByRole('article', { name: 'Clean the river bank' });
  return rendered;
}

/** Opens Edit on the river task and waits for the volunteers to be listed. */
async function openEdit(user: Awaited<ReturnType<typeof renderScreen>>['user']) {
  await user.click(
    within(card('Clean the river bank')).getByRole('button', { name: 'Edit Clean the river bank' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit “Clean the river bank”' });
  await within(dialog).findByRole('checkbox', { name: /Jean Volunteer/ });
  return dialog;
}

beforeEach(() => {
  signInAs(staff);
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'message').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TasksScreen: staff edit a task', () => {
  it('prefills the dialog, sends the form as a PATCH and shows the server’s answer on the card', async () => {
    const api = stubTasksApi([river], (request, url) => {
      if (url.pathname === '/api/tasks/t1' && request.method === 'PATCH') {
        return api.store({ ...river, title: 'Clean the whole river bank', dueOn: '2030-05-21' });
      }
      return undefined;
    });
    const { user } = await renderScreen();
    const dialog = await openEdit(user);

    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Clean the river bank');
    expect(within(dialog).getByLabelText(/Place/)).toHaveValue('Nyabugogo');
    expect(within(dialog).getByLabelText(/Due date/)).toHaveValue('2030-05-14');
    expect(within(dialog).getByLabelText(/Estimated hours/)).toHaveValue('3');
    expect(within(dialog).getByRole('checkbox', { name: /Grace Volunteer/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Jean Volunteer/ })).toBeChecked();

    await user.clear(within(dialog).getByLabelText(/Title/));
    await user.type(within(dialog).getByLabelText(/Title/), 'Clean the whole river bank');
    await user.clear(within(dialog).getByLabelText(/Due date/));
    await user.type(within(dialog).getByLabelText(/Due date/), '2030-05-21');
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith('“Clean the whole river bank” saved.');
    const [patch, ...others] = api.writes();
    expect(others).toEqual([]);
    expect(patch!.method).toBe('PATCH');
    expect(new URL(patch!.url, 'http://localhost').pathname).toBe('/api/tasks/t1');
    // Only the changed fields: someone else's edit of the place or the volunteers meanwhile stands.
    expect(patch!.body).toEqual({ title: 'Clean the whole river bank', dueOn: '2030-05-21' });
    expect(await screen.findByRole('article', { name: 'Clean the whole river bank' })).toHaveTextContent(
      /Due .*21.*2030/,
    );
    expect(screen.queryByRole('article', { name: 'Clean the river bank' })).toBeNull();
  });

  it('sends the whole new set of volunteers when one is unticked, and nothing when nothing changed', async () => {
    const api = stubTasksApi([river], (request, url) =>
      url.pathname === '/api/tasks/t1' && request.method === 'PATCH'
        ? api.store({ ...river, assignments: river.assignments.filter((a) => a.volunteerId === 'grace') })
        : undefined,
    );
    const { user } = await renderScreen();
    let dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notify.message).toHaveBeenCalledWith('Nothing was changed.');
    expect(api.writes()).toEqual([]);

    dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Jean Volunteer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().map((r) => r.body)).toEqual([{ assigneeIds: ['grace'] }]);
  });

  it('says a cleared title is required and sends nothing', async () => {
    const api = stubTasksApi();
    const { user } = await renderScreen();
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText(/Title/));
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Title/)).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('puts a 400’s field message on its field and keeps the dialog open', async () => {
    const message = 'Jean Volunteer is not an active volunteer of your organisation.';
    const api = stubTasksApi([river], (request, url) =>
      url.pathname === '/api/tasks/t1' && request.method === 'PATCH'
        ? jsonResponse(
            {
              message: 'Some fields are invalid.',
              code: 'validation_failed',
              fields: { assigneeIds: message },
            },
            400,
          )
        : undefined,
    );
    const { user } = await renderScreen();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Grace Volunteer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));

    const assignees = await within(dialog).findByRole('group', { name: 'Assignees' });
    await waitFor(() => expect(assignees).toHaveAccessibleDescription(message));
    expect(assignees).toHaveAttribute('aria-invalid', 'true');
    // Every message sits on a field: no alert repeats it.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit “Clean the river bank”' })).toBe(dialog);
    expect(api.writes()).toHaveLength(1);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('closes the dialog with the server’s words when the task was cancelled meanwhile (409)', async () => {
    const refusal = 'This task was cancelled; it cannot be edited.';
    stubTasksApi([river], (request, url) =>
      url.pathname === '/api/tasks/t1' && request.method === 'PATCH'
        ? jsonResponse({ message: refusal, code: 'task_cancelled' }, 409)
        : undefined,
    );
    const { user } = await renderScreen();
    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText(/Place/), ' market');
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('TasksScreen: staff cancel a task', () => {
  it('sends the reason and shows the task cancelled, with its reason, without Edit or Cancel', async () => {
    const api = stubTasksApi([river], (request, url) => {
      if (url.pathname === '/api/tasks/t1/cancel' && request.method === 'POST') {
        return api.store({
          ...river,
          status: 'cancelled',
          ownStatus: 'cancelled',
          cancelledReason: 'Heavy rain',
        });
      }
      return undefined;
    });
    const { user } = await renderScreen();
    await user.click(
      within(card('Clean the river bank')).getByRole('button', { name: 'Cancel Clean the river bank' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel “Clean the river bank”?' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Heavy rain  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel task' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith('“Clean the river bank” is cancelled.');
    const [post, ...others] = api.writes();
    expect(others).toEqual([]);
    expect(post!.method).toBe('POST');
    expect(new URL(post!.url, 'http://localhost').pathname).toBe('/api/tasks/t1/cancel');
    expect(post!.body).toEqual({ reason: 'Heavy rain' });

    const cancelled = card('Clean the river bank');
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled).toHaveTextContent('Cancelled: Heavy rain');
    expect(within(cancelled).queryByRole('button')).toBeNull();
    // The Cancel button that opened the dialog is gone: focus goes to the task's card, not the body.
    expect(cancelled).toHaveFocus();
  });

  it('sends an empty body when no reason is given', async () => {
    const api = stubTasksApi([river], (request, url) =>
      url.pathname === '/api/tasks/t1/cancel' && request.method === 'POST'
        ? jsonResponse({ ...river, status: 'cancelled', ownStatus: 'cancelled' })
        : undefined,
    );
    const { user } = await renderScreen();
    await user.click(
      within(card('Clean the river bank')).getByRole('button', { name: 'Cancel Clean the river bank' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.writes().map((r) => r.body)).toEqual([{}]);
  });

  it('offers no Edit or Cancel on a task already cancelled', async () => {
    stubTasksApi([
      { ...river, status: 'cancelled', ownStatus: 'cancelled', cancelledReason: 'Heavy rain' },
      taskOf({ id: 't2', title: 'Plant trees' }),
    ]);
    await renderScreen();
    await screen.findByRole('article', { name: 'Plant trees' });
    const cancelled = card('Clean the river bank');
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button', { name: /Edit|Cancel/ })).toBeNull();
    // The open one beside it still has both.
    expect(within(card('Plant trees')).getByRole('button', { name: 'Edit Plant trees' })).toBeEnabled();
    expect(within(card('Plant trees')).getByRole('button', { name: 'Cancel Plant trees' })).toBeEnabled();
  });
});

describe('TasksScreen: focus after a dialog', () => {
  it('returns focus to Edit when the edit dialog is closed with Escape, sending nothing', async () => {
    const api = stubTasksApi();
    const { user } = await renderScreen();
    const dialog = await openEdit(user);
    expect(within(dialog).getByLabelText(/Title/)).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(card('Clean the river bank')).getByRole('button', { name: 'Edit Clean the river bank' }),
      ).toHaveFocus(),
    );
    expect(api.writes()).toEqual([]);
  });

  it('returns focus to Cancel task when the cancel dialog is closed with Escape, sending nothing', async () => {
    const api = stubTasksApi();
    const { user } = await renderScreen();
    await user.click(
      within(card('Clean the river bank')).getByRole('button', { name: 'Cancel Clean the river bank' }),
    );
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(card('Clean the river bank')).getByRole('button', { name: 'Cancel Clean the river bank' }),
      ).toHaveFocus(),
    );
    expect(api.writes()).toEqual([]);
  });
});
