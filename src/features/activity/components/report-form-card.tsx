import {
  formatMinutes,
  REPORT_DESCRIPTION_MAX,
  reportCategories,
  reportCategoryLabels,
  type ActivityReport,
} from '@contract/activity-reports';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { todayCalendarDate } from '@/lib/calendar-date';
import { notify } from '@/lib/notify';
import { queuedMessage, useOutboxSubmit } from '@/lib/outbox';
import { useTaskOptions } from '../api/get-task-options';
import { activityQueryKeys } from '../api/query-keys';
import { submitReportAction } from '../api/submit-report';
import { photoUploader } from '../photo-uploader';
import { reportDrafts } from '../report-draft';
import {
  liveMinutes,
  newReportValues,
  reportResolver,
  reportServerFields,
  toReportBody,
  type ReportFormValues,
} from '../report-form';
import { reportPhotos } from '../report-photos';
import { useLocalPhotos } from '../use-local-photos';
import { LocationPicker } from './location-picker';
import { PhotoPicker } from './photo-picker';

/** How long typing pauses before the draft is written to the device. */
export const DRAFT_SAVE_DELAY_MS = 300;

const failed = 'Your report could not be saved on this device. Try again.';

/**
 * The volunteer's report form. Saved on the device as it is typed (one draft per user, restored on
 * open, photos with it); Submit goes through the outbox, so offline it waits on the device and is
 * sent once when the connection is back. Its photos follow the report, one at a time.
 */
export function ReportFormCard({ userId }: { userId: string }) {
  const [initial, setInitial] = useState<{ values: ReportFormValues; restored: boolean }>();
  useEffect(() => {
    let live = true;
    void reportDrafts
      .get(userId)
      .catch(() => undefined)
      .then((draft) => {
        if (live) setInitial({ values: draft?.values ?? newReportValues(), restored: Boolean(draft) });
      });
    return () => {
      live = false;
    };
  }, [userId]);
  if (!initial)
    return (
      <div role="status" aria-label="Loading the form" className="flex flex-col gap-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  return (
    <ReportForm
      // A new report after each submit: a fresh form, a fresh id.
      key={initial.values.id}
      userId={userId}
      initial={initial.values}
      restored={initial.restored}
      onDone={() => setInitial({ values: newReportValues(), restored: false })}
    />
  );
}

function ReportForm({
  userId,
  initial,
  restored,
  onDone,
}: {
  userId: string;
  initial: ReportFormValues;
  restored: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const localPhotos = useLocalPhotos(userId);
  const photos = useMemo(
    () => (localPhotos ?? []).filter((p) => p.reportId === initial.id && p.state === 'draft'),
    [localPhotos, initial.id],
  );
  const tasks = useTaskOptions();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<ReportFormValues>({
    resolver: reportResolver(),
    defaultValues: initial,
  });
  const submit = useOutboxSubmit<
    ReturnType<typeof toReportBody> & Record<string, unknown>,
    ReportFormValues,
    ActivityReport
  >(submitReportAction, { setError, fields: reportServerFields, fallback: failed });
  const values = useWatch({ control }) as ReportFormValues;
  const duration = liveMinutes(values);

  // The draft follows the typing (debounced): a killed tab or a flat battery loses nothing.
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!isDirty) return;
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      void reportDrafts
        .save({ userId, values: { ...initial, ...values }, savedAt: Date.now() })
        .catch(() => undefined);
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(saveTimer.current);
  }, [values, isDirty, userId, initial]);

  const onSubmit = async (valid: ReportFormValues) => {
    setAlert(null);
    const outcome = await submit.send(
      toReportBody(
        valid,
        photos.map((p) => p.name),
      ) as never,
    );
    if (outcome.status === 'attention') {
      setAlert(outcome.alert);
      return;
    }
    const written = reportPhotos.markSubmitted(userId, valid.id);
    // A new form first: unmounting this one cancels a draft save still pending, which would
    // otherwise bring the sent report back as a draft.
    onDone();
    await Promise.allSettled([written, reportDrafts.clear(userId)]);
    if (outcome.status === 'sent') {
      notify.success('Report sent. Your organisation will review it.');
      void queryClient.invalidateQueries({ queryKey: activityQueryKeys.all });
    } else {
      notify.message(queuedMessage('report', outcome.reason));
    }
    void photoUploader.kick();
  };

  // The times are judged together: a change to one checks the other's message again (deps).
  const spanMode = values.timeMode === 'span';
  const today = todayCalendarDate();
  return (
    <form
      noValidate
      aria-label="New activity report"
      onInput={() => void submit.start()}
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
    >
      {restored && (
        <Alert tone="info">Your unsent report was kept on this device. Carry on where you left off.</Alert>
      )}
      <Fieldset legend="What you did">
        <SelectField label="Task (optional)" error={errors.taskId?.message} {...register('taskId')}>
          <option value="">No task</option>
          {tasks.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Date"
            type="date"
            required
            max={today}
            error={errors.date?.message}
            {...register('date')}
          />
          <SelectField label="Category" error={errors.category?.message} {...register('category')}>
            {reportCategories.map((c) => (
              <option key={c} value={c}>
                {reportCategoryLabels[c]}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Description"
          rows={4}
          required
          maxLength={REPORT_DESCRIPTION_MAX}
          hint="What you did, where, and with whom."
          error={errors.description?.message}
          {...register('description')}
        />
      </Fieldset>

      <Fieldset legend="Time">
        <div
          role="radiogroup"
          aria-label="How you give the time"
          className="flex flex-col gap-1 sm:flex-row sm:gap-6"
        >
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" value="span" className="size-4" {...register('timeMode')} />
            Start and end time
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" value="hours" className="size-4" {...register('timeMode')} />
            Number of hours
          </label>
        </div>
        {spanMode ? (
          <div className="grid grid-cols-2 gap-4">
            <Field
              label="Start time"
              type="time"
              error={errors.startTime?.message}
              {...register('startTime', { deps: ['endTime'] })}
            />
            <Field label="End time" type="time" error={errors.endTime?.message} {...register('endTime')} />
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-4">
            <Field
              label="Hours"
              type="number"
              inputMode="numeric"
              min={0}
              max={24}
              error={errors.hours?.message}
              {...register('hours')}
            />
            <Field
              label="Minutes"
              type="number"
              inputMode="numeric"
              min={0}
              max={59}
              {...register('minutes', { deps: ['hours'] })}
            />
          </div>
        )}
        <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
          {duration ? `Duration: ${formatMinutes(duration)}` : ''}
        </p>
      </Fieldset>

      <Fieldset legend="Location and photos (optional)">
        <LocationPicker
          value={values.location ?? null}
          onChange={(location) => setValue('location', location, { shouldDirty: true })}
        />
        {errors.location?.message && (
          <p className="text-sm text-red-700 dark:text-red-300">{errors.location.message}</p>
        )}
        <PhotoPicker userId={userId} reportId={initial.id} photos={photos} />
      </Fieldset>

      {alert && <Alert tone="error">{alert}</Alert>}
      <Button type="submit" pending={submit.pending} pendingLabel="Sending…" className="self-start">
        <Send aria-hidden className="size-4" />
        Submit report
      </Button>
    </form>
  );
}
