import type { Task } from '@contract/tasks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import type { TasksSearch } from '../tasks-search';
import { assignmentOf, taskOf } from '../testing';
import { TasksScreen } from './tasks-screen';

/** The route's part: the search lives in the URL there, in state here. */
function Harness({ viewer, initial = {} }: { viewer: { id: string; role: string }; initial?: TasksSearch }) {
  const [search, setSearch] = useState<TasksSearch>(initial);
  return (
    <TasksScreen
      search={search}
      onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
      viewer={viewer}
    />
  );
}

const river = taskOf();
const late = taskOf({
  id: 't2',
  title: 'Deliver food parcels',
  dueOn: '2020-01-10',
  place: '',
  estimatedMinutes: null,
});
const planting = taskOf({
  id: 't3',
  title: 'Plant trees',
  dueOn: '2030-05-20',
  assignments: [
    assignmentOf({ status: 'accepted' }),
    assignmentOf({ volunteerId: 'jean', volunteerName: 'Jean Volunteer' }),
  ],
  status: 'accepted',
});

/** GET /api/tasks over `tasks`, filtered by due day as the server would; `handler` answers first. */
function stubTasksApi(
  tasks: Task[] = [river, late, planting],
  handler?: (request: StubbedRequest, url: URL) => Response | undefined,
) {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = handler?.(request, url);
    if (answer) return answer;
    if (url.pathname === '/api/tasks' && request.method === 'GET') {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '9999';
      return jsonResponse(tasks.filter((t) => t.dueOn >= from && t.dueOn <= to));
    }
    if (url.pathname === '/api/members') return jsonResponse([]);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });

afterEach(async () => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
  await clearOutboxForUser('grace');
});

describe('TasksScreen', () => {
  it('shows skeletons while the tasks load', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    stubFetch(() => new Promise<Response>(() => {}));
    await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, { path: '/volunteer/tasks' });
    expect(screen.getByRole('status', { name: 'Loading tasks' })).toBeInTheDocument();
  });

  it('lists tasks with due day, place, estimate, status and each assignee’s answer; an overdue one says so', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    stubTasksApi();
    await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, { path: '/volunteer/tasks' });
    await screen.findByRole('article', { name: 'Clean the river bank' });
    expect(card('Clean the river bank')).toHaveTextContent('Nyabugogo');
    expect(card('Clean the river bank')).toHaveTextContent('About 3 hours');
    expect(within(card('Clean the river bank')).queryByText('Overdue')).toBeNull();
    expect(within(card('Deliver food parcels')).getByText('Overdue')).toBeInTheDocument();
    const assignees = within(card('Plant trees')).getByRole('list', { name: 'Assignees of Plant trees' });
    expect(within(assignees).getByText('Grace Volunteer').closest('li')).toHaveTextContent('Accepted');
    expect(within(assignees).getByText('Jean Volunteer').closest('li')).toHaveTextContent('Not answered');
    // The task's own status beside Grace's answer.
    expect(within(card('Plant trees')).getAllByText('Accepted')).toHaveLength(2);
  });

  it('puts each task on its due day in the month calendar, asking for the weeks shown', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    const { requests } = stubTasksApi();
    const { container, user } = await renderWithRouter(
      <Harness viewer={{ id: 'eric', role: 'STAFF' }} initial={{ view: 'calendar', month: '2030-05' }} />,
      { path: '/volunteer/tasks' },
    );
    await screen.findByRole('grid', { name: 'May 2030' });
    const cell = (day: string) => container.querySelector<HTMLElement>(`[data-day="${day}"]`)!;
    await waitFor(() => expect(cell('2030-05-14')).toHaveTextContent('Clean the river bank'));
    expect(cell('2030-05-20')).toHaveTextContent('Plant trees');
    expect(cell('2030-05-15')).not.toHaveTextContent('Clean the river bank');
    expect(within(cell('2030-05-14')).getByRole('button')).toHaveAccessibleName(
      /^Tuesday.*14.*2030, 1 task$/,
    );
    const asked = requests
      .map((r) => new URL(r.url, 'http://localhost'))
      .find((u) => u.pathname === '/api/tasks')!;
    expect(asked.searchParams.get('from')).toBe('2030-04-29');
    expect(asked.searchParams.get('to')).toBe('2030-06-02');

    // Picking a day lists its tasks; the arrow keys move by day.
    await user.click(within(cell('2030-05-14')).getByRole('button'));
    expect(screen.getByRole('list', { name: /Tasks due Tuesday.*14.*2030/ })).toHaveTextContent(
      'Clean the river bank',
    );
    await user.keyboard('{ArrowDown}');
    expect(within(cell('2030-05-21')).getByRole('button')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('list', { name: /Tasks due Monday.*20.*2030/ })).toHaveTextContent('Plant trees');
  });

  it('gives staff New task, Edit and Cancel; analysts read only', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    stubTasksApi();
    const first = await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, {
      path: '/volunteer/tasks',
    });
    await screen.findByRole('article', { name: 'Plant trees' });
    expect(screen.getByRole('button', { name: 'New task' })).toBeEnabled();
    expect(within(card('Plant trees')).getByRole('button', { name: 'Edit Plant trees' })).toBeEnabled();
    expect(within(card('Plant trees')).queryByRole('button', { name: 'Accept' })).toBeNull();
    first.unmount();

    signInAs({ id: 'ana', role: 'ANALYST' });
    await renderWithRouter(<Harness viewer={{ id: 'ana', role: 'ANALYST' }} />, { path: '/volunteer/tasks' });
    await screen.findByRole('article', { name: 'Plant trees' });
    expect(screen.queryByRole('button', { name: 'New task' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /Edit|Cancel|Accept|Decline/ })).toEqual([]);
  });

  it('lets staff create a task for chosen volunteers, with the contract’s messages first', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubTasksApi([], (request, url) => {
      if (url.pathname === '/api/members')
        return jsonResponse([
          {
            id: 'grace',
            name: 'Grace Volunteer',
            email: 'grace@hope.org',
            role: 'VOLUNTEER',
            status: 'active',
          },
          { id: 'jean', name: 'Jean Volunteer', email: 'jean@hope.org', role: 'VOLUNTEER', status: 'active' },
        ]);
      if (url.pathname === '/api/tasks' && request.method === 'POST')
        return jsonResponse(taskOf({ title: 'Paint the school' }), 201);
      return undefined;
    });
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, {
      path: '/volunteer/tasks',
    });
    expect(await screen.findByText('No tasks yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Assign at least one volunteer.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Title/), 'Paint the school');
    await user.clear(within(dialog).getByLabelText(/Due date/));
    await user.type(within(dialog).getByLabelText(/Due date/), '2030-05-14');
    await user.type(within(dialog).getByLabelText(/Estimated hours/), '1.5');
    await user.click(within(dialog).getByRole('checkbox', { name: /Jean Volunteer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Task “Paint the school” created.'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      title: 'Paint the school',
      description: '',
      place: '',
      dueOn: '2030-05-14',
      estimatedMinutes: 90,
      assigneeIds: ['jean'],
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a volunteer why they decline before anything is sent', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    const { requests } = stubTasksApi([river]);
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'grace', role: 'VOLUNTEER' }} />, {
      path: '/volunteer/tasks',
    });
    await screen.findByRole('article', { name: 'Clean the river bank' });
    expect(screen.queryByRole('button', { name: 'New task' })).toBeNull();
    await user.click(within(card('Clean the river bank')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline “Clean the river bank”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline task' }));
    expect(await within(dialog).findByText('Say why you decline.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('offline, queues a volunteer’s answer in the outbox and shows it on the card, waiting to send', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    vi.spyOn(notify, 'message').mockImplementation(() => {});
    const { requests } = stubTasksApi([river]);
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'grace', role: 'VOLUNTEER' }} />, {
      path: '/volunteer/tasks',
    });
    await screen.findByRole('article', { name: 'Clean the river bank' });
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });

    await user.click(within(card('Clean the river bank')).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(within(card('Clean the river bank')).getByText('Waiting to send')).toBeInTheDocument(),
    );
    const mine = within(card('Clean the river bank')).getByText('Grace Volunteer').closest('li')!;
    expect(mine).toHaveTextContent('Accepted');
    expect(within(card('Clean the river bank')).getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(notify.message).toHaveBeenCalledWith(
      expect.stringContaining("You're offline. Your answer is saved"),
    );

    const entries = await outbox.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'task-response',
      method: 'POST',
      url: '/tasks/t1/response',
      body: { action: 'accept' },
      userId: 'grace',
    });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
