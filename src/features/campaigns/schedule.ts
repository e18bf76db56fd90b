/*
 * 'Schedule': a datetime-local input holds a wall-clock time with no zone ('2026-12-01T09:00'). It is
 * sent as that time in the device's zone, with the offset written out ('2026-12-01T09:00:00+02:00'),
 * so the server and the report read the moment the admin meant.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The input's value as an ISO 8601 instant with the device's offset; null when it is not a time. */
export function localInputToIso(local: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  // A time that does not exist (the hour skipped when clocks go forward) becomes the one after it.
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:00${zone}`
  );
}

/** A moment as a datetime-local value in the device's zone ('2026-12-01T09:00'). */
export function toLocalInput(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The contract's bound for a scheduled send: at most a year ahead. */
export const SCHEDULE_MAX_MS = 365 * 24 * 3_600_000;

/** Why a scheduled time cannot be used, or null. */
export function scheduleProblem(local: string, now: Date): string | null {
  if (!local.trim()) return 'Choose the date and time to send it.';
  const iso = localInputToIso(local);
  if (!iso) return 'Choose a date and a time.';
  const at = Date.parse(iso);
  if (at <= now.getTime()) return 'Choose a time in the future.';
  if (at - now.getTime() > SCHEDULE_MAX_MS) return 'Choose a time within a year from now.';
  return null;
}
