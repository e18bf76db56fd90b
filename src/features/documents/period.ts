import { todayCalendarDate } from '@/lib/calendar-date';

/*
 * The period a document covers: quick choices for the usual cases (a certificate for this year's
 * service, or last year's), or two dates typed.
 */

export const PERIOD_CHOICES = ['this-year', 'last-year', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export const periodChoiceLabels: Record<PeriodChoice, string> = {
  'this-year': 'This year',
  'last-year': 'Last year',
  custom: 'Custom dates',
};

export interface Period {
  periodFrom: string;
  periodTo: string;
}

/** The days of a quick choice, in the user's calendar year; undefined for 'custom'. */
export function periodOf(choice: PeriodChoice, today: string = todayCalendarDate()): Period | undefined {
  const year = Number(today.slice(0, 4));
  if (choice === 'this-year') return { periodFrom: `${year}-01-01`, periodTo: `${year}-12-31` };
  if (choice === 'last-year') return { periodFrom: `${year - 1}-01-01`, periodTo: `${year - 1}-12-31` };
  return undefined;
}

/** The quick choice two dates make, so a form opened on last year's dates says 'Last year'. */
export function choiceOf(period: Period, today: string = todayCalendarDate()): PeriodChoice {
  for (const choice of ['this-year', 'last-year'] as const) {
    const days = periodOf(choice, today)!;
    if (days.periodFrom === period.periodFrom && days.periodTo === period.periodTo) return choice;
  }
  return 'custom';
}
