import { zodResolver } from '@hookform/resolvers/zod';
import type { Task } from '@contract/tasks';
import { useId, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { errorStatus } from '@/lib/api-client';
import { todayCalendarDate } from '@/lib/calendar-date';
import { applyServerError, serverErrorMessage } from '@/lib/form-errors';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useCreateTask } from '../api/create-task';
import { useVolunteers } from '../api/get-volunteers';
import { useUpdateTask } from '../api/update-task';
import {
  emptyTaskForm,
  taskBodyOf,
  taskChangeOf,
  taskFormFields,
  taskFormOf,
  taskFormSchema,
  type TaskFormOutput,
  type TaskFormValues,
} from '../task-form';

/**
 * 'New task' (no `task`) and 'Edit task': title, description, place, due day, estimated hours and
 * the volunteers it is given to (the organisation's active volunteers). Online only: the server
 * checks the assignees, and staff plan with a connection.
 */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  trigger,
  defaultDueOn,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task?: Task;
  trigger?: ReactElement;
  /** The day a new task starts on (the calendar's chosen day); today otherwise. */
  defaultDueOn?: string;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={task ? `Edit “${task.title}”` : 'New task'}
      description={task ? undefined : 'Give it to one or more volunteers; they accept or decline it.'}
      closeOnOutsideClick={false}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {/* Mounted only while open: each new task starts from a blank form and a new key. */}
      {open && (
        <TaskForm
          task={task}
          defaultValues={task ? taskFormOf(task) : emptyTaskForm(defaultDueOn ?? todayCalendarDate())}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function TaskForm({
  task,
  defaultValues,
  onDone,
}: {
  task?: Task;
  defaultValues: TaskFormValues;
  onDone: () => void;
}) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const volunteers = useVolunteers();
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(taskFormSchema),
    mode: 'onTouched',
    defaultValues,
  });
  const fallback = task
    ? 'The task could not be saved. Try again.'
    : 'The task could not be created. Try again.';

  const onError = (error: unknown) => {
    if (!task && answerRenewsKey(errorStatus(error))) idempotencyKey.renew();
    if (errorStatus(error) === 409 || errorStatus(error) === 404) {
      notify.error(serverErrorMessage(error, fallback));
      onDone();
      return;
    }
    setFailure(applyServerError(error, setError, taskFormFields, fallback));
  };

  const onValid = (values: TaskFormOutput) => {
    setFailure(null);
    const body = taskBodyOf(values);
    if (task) {
      const change = taskChangeOf(task, body);
      if (Object.keys(change).length === 0) {
        notify.message('Nothing was changed.');
        onDone();
        return;
      }
      update.mutate(
        { taskId: task.id, change },
        {
          onSuccess: (saved) => {
            notify.success(`“${saved.title}” saved.`);
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      { body, idempotencyKey: idempotencyKey.start() },
      {
        onSuccess: (made) => {
          idempotencyKey.renew();
          notify.success(`Task “${made.title}” created.`);
          onDone();
        },
        onError,
      },
    );
  };

  const assigneeError = errors.assigneeIds?.message ?? errors.assigneeIds?.root?.message;
  const assigneeErrorId = useId();
  const list = volunteers.data ?? [];
  // A volunteer assigned before and deactivated since is kept on the task unless unticked.
  const gone = task?.assignments.filter((a) => !list.some((v) => v.id === a.volunteerId)) ?? [];

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      onInput={idempotencyKey.start}
      className="flex flex-col gap-4"
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field label="Title" autoComplete="off" required error={errors.title?.message} {...register('title')} />
      <TextAreaField
        label="Description"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <Field
        label="Place"
        autoComplete="off"
        hint="Where the volunteers meet."
        error={errors.place?.message}
        {...register('place')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Due date" type="date" required error={errors.dueOn?.message} {...register('dueOn')} />
        <Field
          label="Estimated hours"
          inputMode="decimal"
          autoComplete="off"
          hint="For example 2 or 1.5."
          error={errors.estimatedHours?.message}
          {...register('estimatedHours')}
        />
      </div>
      <Fieldset
        legend="Assignees"
        variant="group"
        aria-describedby={assigneeError ? assigneeErrorId : undefined}
        aria-invalid={assigneeError ? true : undefined}
      >
        {volunteers.isPending ? (
          <div role="status" aria-label="Loading volunteers" className="flex flex-col gap-2">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-6 w-32" />
          </div>
        ) : volunteers.isError ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            {serverErrorMessage(volunteers.error, 'The volunteers could not be loaded.')}{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => void volunteers.refetch()}
            >
              Retry
            </button>
          </p>
        ) : list.length === 0 && gone.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Your organisation has no active volunteers yet. Invite some from Staff Management.
          </p>
        ) : (
          <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-800">
            {[
              ...list.map((v) => ({ id: v.id, name: v.name, note: v.email })),
              ...gone.map((a) => ({
                id: a.volunteerId,
                name: a.volunteerName || 'Former volunteer',
                note: 'no longer active',
              })),
            ].map((v) => (
              <li key={v.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    value={v.id}
                    className="size-5 accent-brand-600"
                    {...register('assigneeIds')}
                  />
                  <span className="min-w-0">
                    <span className="block font-medium">{v.name}</span>
                    <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                      {v.note}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {assigneeError && (
          <p id={assigneeErrorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {assigneeError}
          </p>
        )}
      </Fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <OnlineSubmitButton
          offlineReason={task ? 'Editing a task needs a connection.' : 'Creating a task needs a connection.'}
          pending={create.isPending || update.isPending}
          pendingLabel="Saving..."
        >
          {task ? 'Save task' : 'Create task'}
        </OnlineSubmitButton>
      </DialogFooter>
    </form>
  );
}
