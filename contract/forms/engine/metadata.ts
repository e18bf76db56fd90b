import { isMetadataType, type Question } from '../definition';

/** What an evaluation knows of its moment, device and person. */
export interface EvaluationContext {
  now: Date;
  /**
   * Minutes east of UTC of the clock the person filling saw (Kigali: 120): today() and the `today`,
   * `start` and `end` fields read `now` there. Absent: this machine's zone (the browser's own). The
   * server gives the device's, so a response finished at 01:00 in Kigali is judged on that day even by
   * a server in UTC, where it is still yesterday.
   */
  utcOffset?: number | undefined;
  /** One of the definition's languages; messages and labels fall back to the default language. */
  language?: string;
  metadata?: { deviceid?: string; username?: string; phonenumber?: string; email?: string };
  /** When the response was started (ISO 8601), for the `start` field; else `now`. */
  startedAt?: string;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** Minutes east of UTC that `now` is read at: the context's, else this machine's zone at that moment. */
export const offsetOf = (now: Date, utcOffset: number | undefined): number =>
  utcOffset ?? -now.getTimezoneOffset();

/** A Date whose UTC fields read the wall clock at `offset` minutes east of UTC at the moment `d`. */
export const wallClock = (d: Date, offset: number) => new Date(d.getTime() + offset * 60_000);

/** The date `YYYY-MM-DD` of `d` at `offset` minutes east of UTC (by default this machine's zone). */
export function localDate(d: Date, offset = -d.getTimezoneOffset()): string {
  const wall = wallClock(d, offset);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** `d` as ODK writes a dateTime: the time at `offset` with that offset (2026-11-27T10:30:00.000+01:00). */
export function localDateTime(d: Date, offset = -d.getTimezoneOffset()): string {
  const wall = wallClock(d, offset);
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}.${pad(wall.getUTCMilliseconds(), 3)}`;
  const sign = offset < 0 ? '-' : '+';
  return `${localDate(d, offset)}T${time}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The offset an ISO 8601 time was written with, in minutes east of UTC; undefined for `Z` or none. */
export function writtenOffset(iso: string): number | undefined {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso.trim());
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** The value a metadata question takes when its answer is absent; undefined for other questions. */
export function metadataValue(question: Question, context: EvaluationContext): string | undefined {
  if (!isMetadataType(question.type)) return undefined;
  switch (question.type) {
    case 'start':
      return context.startedAt ?? localDateTime(context.now, offsetOf(context.now, context.utcOffset));
    case 'end':
      return localDateTime(context.now, offsetOf(context.now, context.utcOffset));
    case 'today':
      return localDate(context.now, offsetOf(context.now, context.utcOffset));
    case 'deviceid':
    case 'username':
    case 'phonenumber':
    case 'email':
      return context.metadata?.[question.type] ?? '';
    default:
      return '';
  }
}
