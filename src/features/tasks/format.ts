/** Estimated time is stored in whole minutes (contract/tasks.ts); people think of tasks in hours. */

/** '1.5 hours', '1 hour', '20 minutes'; '' when not estimated. */
export function estimateLabel(minutes: number | null): string {
  if (minutes === null) return '';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What the form's 'Estimated hours' field shows for a stored estimate. */
export const hoursInputOf = (minutes: number | null) =>
  minutes === null ? '' : String(Math.round((minutes / 60) * 100) / 100);

const HOURS = /^\d{1,5}([.,]\d{1,2})?$/;

/** True for '', '2', '1.5', '0,75': hours with at most two decimals. */
export const isHoursInput = (value: string) => value.trim() === '' || HOURS.test(value.trim());

/** The form's hours as whole minutes; null when blank. Call after isHoursInput. */
export const minutesOfHoursInput = (value: string): number | null =>
  value.trim() === '' ? null : Math.round(Number(value.trim().replace(',', '.')) * 60);
