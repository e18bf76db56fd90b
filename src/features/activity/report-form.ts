import {
  activityReportCreate,
  minutesBetween,
  TIME_PATTERN,
  type ActivityReportCreate,
  type ReportCategory,
  type ReportLocation,
} from '@contract/activity-reports';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { todayCalendarDate } from '@/lib/calendar-date';

/** The form's inputs; `toReportBody` makes the request body the contract checks. */
export interface ReportFormValues {
  /** Made when the form starts; the report's id on the server too. */
  id: string;
  /** '' for none. */
  taskId: string;
  date: string;
  timeMode: 'span' | 'hours';
  startTime: string;
  endTime: string;
  /** Whole hours and minutes as typed ('' for none). */
  hours: string;
  minutes: string;
  category: ReportCategory;
  description: string;
  location: ReportLocation | null;
}

export const newReportValues = (today = todayCalendarDate()): ReportFormValues => ({
  id: crypto.randomUUID(),
  taskId: '',
  date: today,
  timeMode: 'span',
  startTime: '',
  endTime: '',
  hours: '',
  minutes: '',
  category: 'service',
  description: '',
  location: null,
});

/** Minutes typed as hours and minutes: null when both are blank, NaN when not whole numbers. */
export function typedMinutes(hours: string, minutes: string): number | null {
  if (!hours.trim() && !minutes.trim()) return null;
  const h = hours.trim() ? Number(hours) : 0;
  const m = minutes.trim() ? Number(minutes) : 0;
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || m < 0 || m > 59) return Number.NaN;
  return h * 60 + m;
}

/** The duration the form stands for as it is typed, for the live line under the times; null if none yet. */
export function liveMinutes(
  values: Pick<ReportFormValues, 'timeMode' | 'startTime' | 'endTime' | 'hours' | 'minutes'>,
) {
  if (values.timeMode === 'span') {
    if (!TIME_PATTERN.test(values.startTime) || !TIME_PATTERN.test(values.endTime)) return null;
    return minutesBetween(values.startTime, values.endTime);
  }
  const typed = typedMinutes(values.hours, values.minutes);
  return typed !== null && Number.isInteger(typed) && typed > 0 ? typed : null;
}

/** The request body: only the chosen way of giving the time is sent. */
export function toReportBody(values: ReportFormValues, photos: string[]): ActivityReportCreate {
  const span = values.timeMode === 'span';
  return {
    id: values.id,
    taskId: values.taskId || null,
    date: values.date,
    startTime: span ? values.startTime || null : null,
    endTime: span ? values.endTime || null : null,
    minutes: span ? null : typedMinutes(values.hours, values.minutes),
    category: values.category,
    description: values.description,
    location: values.location,
    photos,
  };
}

/** Where a body field's message shows in the form (minutes: the hours inputs, or the end time). */
export const reportServerFields = {
  taskId: 'taskId',
  date: 'date',
  startTime: 'startTime',
  endTime: 'endTime',
  minutes: 'hours',
  category: 'category',
  description: 'description',
  location: 'location',
} as const;

/**
 * Validates with the contract's own schema (the server's rules and messages), so the form refuses
 * exactly what the server would. The photos are left out: the picker names them (photo-1.jpg…) and
 * holds them to REPORT_PHOTOS_MAX, so they are valid by construction and have no input to mark.
 */
export function reportResolver(): Resolver<ReportFormValues> {
  return (values) => {
    const result = activityReportCreate.safeParse(toReportBody(values, []));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ReportFormValues> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      const target =
        field === 'minutes'
          ? values.timeMode === 'hours'
            ? 'hours'
            : 'endTime'
          : field in reportServerFields
            ? reportServerFields[field as keyof typeof reportServerFields]
            : 'root';
      // One message per input, the first the schema gives (react-hook-form's own rule).
      const slot = errors as Record<string, { type: string; message: string } | undefined>;
      slot[target] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
}
