import { isMetadataType, type Question } from '../definition';

/** What an evaluation knows of its moment, device and person. */
export interface EvaluationContext {
  now: Date;
  /** One of the definition's languages; messages and labels fall back to the default language. */
  language?: string;
  metadata?: { deviceid?: string; username?: string; phonenumber?: string; email?: string };
  /** When the response was started (ISO 8601), for the `start` field; else `now`. */
  startedAt?: string;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** The local date `YYYY-MM-DD` of `d`. */
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** `d` as ODK writes a dateTime: local time with its offset (2026-11-27T10:30:00.000+01:00). */
export function localDateTime(d: Date): string {
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
  return `${localDate(d)}T${time}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The value a metadata question takes when its answer is absent; undefined for other questions. */
export function metadataValue(question: Question, context: EvaluationContext): string | undefined {
  if (!isMetadataType(question.type)) return undefined;
  switch (question.type) {
    case 'start':
      return context.startedAt ?? localDateTime(context.now);
    case 'end':
      return localDateTime(context.now);
    case 'today':
      return localDate(context.now);
    case 'deviceid':
    case 'username':
    case 'phonenumber':
    case 'email':
      return context.metadata?.[question.type] ?? '';
    default:
      return '';
  }
}
