import type { Question } from '../definition';

/*
 * Whether a non-empty answer has its question type's form (what ODK's widgets can produce). The server
 * runs these too, so a tampered response is refused with the same words.
 */

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const isDateTime = (value: string) => {
  const t = value.indexOf('T');
  return t > 0 && isDate(value.slice(0, t)) && TIME.test(value.slice(t + 1));
};

const number = (text: string) => (DECIMAL.test(text) ? Number(text) : NaN);

/** A point `lat lon [alt [accuracy]]`, as [lat, lon], or null. */
function point(text: string): [number, number] | null {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 4) return null;
  const [lat, lon, alt, accuracy] = parts.map(number);
  if (!(Math.abs(lat!) <= 90) || !(Math.abs(lon!) <= 180)) return null;
  if (alt !== undefined && Number.isNaN(alt)) return null;
  if (accuracy !== undefined && !(accuracy >= 0)) return null;
  return [lat!, lon!];
}

const POINT_FORM =
  'latitude longitude [altitude [accuracy]], latitude from -90 to 90, longitude from -180 to 180';

function rangeProblem(question: Question, value: string): string | null {
  const p = question.parameters ?? {};
  const start = Number(p.start ?? 1);
  const end = Number(p.end ?? 10);
  const step = Math.abs(Number(p.step ?? 1));
  const expected = `Enter a number from ${start} to ${end} in steps of ${step}.`;
  const v = number(value);
  if (Number.isNaN(v) || v < Math.min(start, end) || v > Math.max(start, end)) return expected;
  const steps = Math.abs(v - start) / step;
  // Decimal steps (0.1) leave binary rounding noise.
  return step > 0 && Math.abs(steps - Math.round(steps)) > 1e-9 ? expected : null;
}

function selectProblem(
  question: Question,
  value: string,
  isChoice: (name: string) => boolean,
): string | null {
  const many = question.type !== 'select_one' && question.type !== 'select_one_from_file';
  const names = many ? value.split(' ').filter(Boolean) : [value];
  const allowed = (name: string) => isChoice(name) || (question.orOther === true && name === 'other');
  const wrong = names.find((n) => !allowed(n));
  if (wrong !== undefined) return `Choose from the listed choices ("${wrong}" is not one of them).`;
  if (many && new Set(names).size !== names.length) return 'Choose each choice at most once.';
  return null;
}

/** Null when `value` (not empty) fits the question's type, else what is expected. */
export function typeProblem(
  question: Question,
  value: string,
  isChoice: (name: string) => boolean,
): string | null {
  switch (question.type) {
    case 'integer':
      return INTEGER.test(value) ? null : 'Enter a whole number (like 42).';
    case 'decimal':
      return DECIMAL.test(value) ? null : 'Enter a number (like 3.5).';
    case 'date':
      return isDate(value) ? null : 'Enter a date as YYYY-MM-DD.';
    case 'time':
      return TIME.test(value) ? null : 'Enter a time as HH:MM or HH:MM:SS.';
    case 'dateTime':
      return isDateTime(value) ? null : 'Enter a date and time as YYYY-MM-DDTHH:MM:SS.';
    case 'range':
      return rangeProblem(question, value);
    case 'select_one':
    case 'select_multiple':
    case 'rank':
    case 'select_one_from_file':
    case 'select_multiple_from_file':
      return selectProblem(question, value, isChoice);
    case 'geopoint':
      return point(value) ? null : `Enter a location as ${POINT_FORM}.`;
    case 'geotrace': {
      const points = value.split(';').map(point);
      return points.length >= 2 && points.every(Boolean)
        ? null
        : `Enter a line as at least 2 points separated by ";", each ${POINT_FORM}.`;
    }
    case 'geoshape': {
      const points = value.split(';').map(point);
      const [first, last] = [points[0], points[points.length - 1]];
      const closed = !!first && !!last && first[0] === last[0] && first[1] === last[1];
      return points.length >= 4 && points.every(Boolean) && closed
        ? null
        : `Enter a shape as at least 4 points separated by ";", the last the same as the first, each ${POINT_FORM}.`;
    }
    case 'acknowledge':
      return value === 'OK' ? null : 'The only answer is OK.';
    default:
      return null;
  }
}
