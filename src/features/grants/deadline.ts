import { daysUntil } from '@/lib/calendar-date';

/** Within this many days of the deadline a grant is marked 'Closing soon'. */
export const CLOSING_SOON_DAYS = 14;

export type DeadlineStatus =
  | { kind: 'rolling' }
  | { kind: 'open'; daysLeft: number; closingSoon: boolean }
  | { kind: 'passed'; daysAgo: number };

/** Where a grant's deadline stands today, in the user's time zone. No deadline is a rolling call. */
export function deadlineStatus(
  deadlineDate: string | null | undefined,
  now: Date = new Date(),
): DeadlineStatus {
  const days = daysUntil(deadlineDate, now);
  if (days === null) return { kind: 'rolling' };
  if (days < 0) return { kind: 'passed', daysAgo: -days };
  return { kind: 'open', daysLeft: days, closingSoon: days <= CLOSING_SOON_DAYS };
}

/** The countdown: 'Closes today', '1 day left', '12 days left', 'Deadline passed', 'Rolling deadline'. */
export function countdownLabel(status: DeadlineStatus): string {
  switch (status.kind) {
    case 'rolling':
      return 'Rolling deadline';
    case 'passed':
      return 'Deadline passed';
    case 'open':
      if (status.daysLeft === 0) return 'Closes today';
      return status.daysLeft === 1 ? '1 day left' : `${status.daysLeft} days left`;
  }
}
