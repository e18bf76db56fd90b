import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  task,
  taskCancel,
  taskChange,
  taskCreate,
  taskIdParams,
  taskListQuery,
  taskResponse,
  type Task,
} from '../../../contract/tasks';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import {
  cancelTask,
  changeTask,
  createTask,
  getTask,
  listTasksPage,
  respondToTask,
  type TaskCaller,
} from './tasks.service';

const tags = ['Volunteer tasks'];

const callerOf = (c: Context<AppBindings>): TaskCaller => ({
  id: c.var.user.id,
  role: c.var.user.role,
  tenant: c.var.tenant,
});

const volunteerScope =
  ' A VOLUNTEER sees only the tasks assigned to them; a task of another organisation (or, for a volunteer, ' +
  'one not assigned to them) answers 404.';

export function createTasksRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The organisation’s volunteer tasks, by due day',
    description:
      '`status` keeps tasks shown with that status (contract/tasks.ts taskStatus); `from`/`to` keep due days ' +
      'in that inclusive range (the calendar); `mine=true` keeps the caller’s own assignments; `q` searches ' +
      'titles. Each task carries its assignments and its shown status.' +
      volunteerScope +
      ' Always one page: `limit` 1 to 100 (default 25); `Next-Cursor` names the next page (absent on the last), ' +
      'sent back as `cursor` with the same filters. Never cached (`Cache-Control: private, no-store`).',
    security: bearer,
    middleware: [auth, requirePermission('tasks:read')] as const,
    request: { query: taskListQuery },
    responses: {
      ...pagedListResponses(z.array(task), 'One page of the tasks'),
      ...errors(400, 401, 403),
    },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{taskId}',
    tags,
    summary: 'One task with its assignments',
    description: volunteerScope.trim(),
    security: bearer,
    middleware: [auth, requirePermission('tasks:read')] as const,
    request: { params: taskIdParams },
    responses: { 200: jsonResponse(task, 'The task'), ...errors(400, 401, 403, 404) },
  });

  const createTaskRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Create a task and assign it to volunteers (staff and admins)',
    description:
      'Every assignee must be an active VOLUNTEER of the caller’s organisation (else 400 naming `assigneeIds`); ' +
      'each starts `assigned`.',
    security: bearer,
    middleware: [auth, requirePermission('tasks:manage'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(taskCreate) },
    responses: {
      201: jsonResponse(task, 'The task as created'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const changeRoute = createRoute({
    method: 'patch',
    path: '/{taskId}',
    tags,
    summary: 'Edit a task and its assignees (staff and admins)',
    description:
      '`assigneeIds` is the whole new set: an assignee left out loses their assignment, a new one starts ' +
      '`assigned` (and must be an active volunteer, else 400), one kept keeps their answer. A cancelled task is ' +
      'a 409 `task_cancelled`. Another organisation’s task answers 404.',
    security: bearer,
    middleware: [auth, requirePermission('tasks:manage'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: taskIdParams, body: jsonBody(taskChange) },
    responses: {
      200: jsonResponse(task, 'The task as changed'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const cancelRoute = createRoute({
    method: 'post',
    path: '/{taskId}/cancel',
    tags,
    summary: 'Cancel a task, with an optional reason (staff and admins)',
    description:
      'A cancelled task takes no more answers. Cancelling it again answers it unchanged. Another ' +
      'organisation’s task answers 404.',
    security: bearer,
    middleware: [auth, requirePermission('tasks:manage'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: taskIdParams, body: jsonBody(taskCancel) },
    responses: {
      200: jsonResponse(task, 'The task, cancelled'),
      ...errors(400, 401, 403, 404),
      ...idempotentResponses,
    },
  });

  const respondRoute = createRoute({
    method: 'post',
    path: '/{taskId}/response',
    tags,
    summary: 'A volunteer’s answer to their own assignment: accept, decline (with a reason), start, done',
    description:
      'Moves: assigned→accepted|declined, accepted→in_progress|done|declined, in_progress→done. The same ' +
      'action again on the state it led to answers 200 with the task unchanged; any other move, or an answer ' +
      'to a cancelled task, is a 409 `task_transition_refused`. Sent from the outbox with an Idempotency-Key, ' +
      'a replay answers the first answer. A task not assigned to the caller answers 404.',
    security: bearer,
    middleware: [auth, requirePermission('tasks:respond'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: taskIdParams, body: jsonBody(taskResponse) },
    responses: {
      200: jsonResponse(task, 'The task after the answer'),
      ...errors(400, 401, 403, 404, 409),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return pagedJson<Task[]>(
        c,
        await listTasksPage(c.var.db, callerOf(c), filters, page ?? { limit: undefined }),
        PER_USER,
      );
    })
    .openapi(getRoute, async (c) =>
      c.json(await getTask(c.var.db, callerOf(c), c.req.valid('param').taskId), 200),
    )
    .openapi(createTaskRoute, async (c) =>
      c.json(await createTask(c.var.db, callerOf(c), c.req.valid('json')), 201),
    )
    .openapi(changeRoute, async (c) =>
      c.json(await changeTask(c.var.db, callerOf(c), c.req.valid('param').taskId, c.req.valid('json')), 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json(
        await cancelTask(c.var.db, callerOf(c), c.req.valid('param').taskId, c.req.valid('json').reason),
        200,
      ),
    )
    .openapi(respondRoute, async (c) =>
      c.json(
        await respondToTask(c.var.db, callerOf(c), c.req.valid('param').taskId, c.req.valid('json')),
        200,
      ),
    );
}
