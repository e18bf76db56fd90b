import type { LetterMergeField } from '@contract/documents';
import { formatCalendarDate, todayCalendarDate } from '@/lib/calendar-date';
import { periodLabel } from './format';
import { periodOf } from './period';

/** The values the template editor previews with (the server merges the volunteer's own at issue). */
export function sampleMergeValues(today: string = todayCalendarDate()): Record<LetterMergeField, string> {
  const year = periodOf('this-year', today)!;
  return {
    name: 'Amina Uwase',
    hours: '42.5',
    period: periodLabel(year.periodFrom, year.periodTo),
    role: 'Volunteer',
    ngo: 'your organisation',
    date: formatCalendarDate(today),
    tasks: 'Tree planting, Food parcel delivery',
  };
}

/** The template with `insert` put over the selection [start, end), and where the caret goes after it. */
export function insertAt(template: string, insert: string, start: number, end: number) {
  return { text: template.slice(0, start) + insert + template.slice(end), caret: start + insert.length };
}
