import { slaClock, type SlaClockState, type Ticket, type TicketEvent } from '@contract/tickets';

/*
 * The SLA clocks as the screens word them ('First reply due in 3 h', 'Replied in 2 h', 'Overdue by
 * 1 h'), from the contract's slaClock so the screen and the server's counters agree on the state.
 */

/** '45 min', '3 h', '2 d': whole units, the largest that reads well. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${Math.max(1, m)} min`;
  if (m < 48 * 60) return `${Math.round(m / 60)} h`;
  return `${Math.round(m / (24 * 60))} d`;
}

export type SlaTone = 'neutral' | 'good' | 'late' | 'bad';

export interface SlaLine {
  /** The contract's state; 'none' when the clock has nothing to say (closed before any reply). */
  state: SlaClockState | 'none';
  text: string;
  tone: SlaTone;
}

const toneOf: Record<SlaClockState, SlaTone> = {
  running: 'neutral',
  met: 'good',
  'stopped-late': 'late',
  breached: 'bad',
};

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

const finished = (t: Pick<Ticket, 'status'>) => t.status === 'resolved' || t.status === 'closed';

/** The first-reply clock: stopped by the first public reply of an agent. */
export function firstReplyLine(
  t: Pick<Ticket, 'status' | 'createdAt' | 'firstReplyAt' | 'firstReplyDueAt'>,
  now: string,
): SlaLine {
  if (!t.firstReplyAt && finished(t)) return { state: 'none', text: 'No agent reply', tone: 'neutral' };
  const { state, minutesLeft } = slaClock(t.firstReplyDueAt, t.firstReplyAt, now);
  const took = t.firstReplyAt ? formatDuration(minutesBetween(t.createdAt, t.firstReplyAt)) : '';
  const text =
    state === 'running'
      ? `First reply due in ${formatDuration(minutesLeft)}`
      : state === 'breached'
        ? `First reply overdue by ${formatDuration(-minutesLeft)}`
        : state === 'met'
          ? `Replied in ${took}`
          : `Replied in ${took}, ${formatDuration(-minutesLeft)} late`;
  return { state, text, tone: toneOf[state] };
}

/**
 * When the resolution clock last started: the ticket's creation, or its last reopening (the clock
 * counts from there, contract/tickets.ts) when the history is at hand.
 */
export function resolutionStart(
  t: Pick<Ticket, 'createdAt' | 'resolvedAt'>,
  events?: readonly TicketEvent[],
) {
  const until = t.resolvedAt ?? '9999';
  const reopened = events
    ?.filter(
      (e) =>
        e.field === 'status' &&
        (e.from === 'resolved' || e.from === 'closed') &&
        (e.to === 'open' || e.to === 'pending') &&
        e.createdAt <= until,
    )
    .at(-1);
  return reopened?.createdAt ?? t.createdAt;
}

/** The resolution clock: stopped when the ticket is resolved, started again when it is reopened. */
export function resolutionLine(
  t: Pick<Ticket, 'status' | 'createdAt' | 'resolvedAt' | 'resolveDueAt'>,
  now: string,
  events?: readonly TicketEvent[],
): SlaLine {
  if (!t.resolvedAt && t.status === 'closed') return { state: 'none', text: 'Closed', tone: 'neutral' };
  const { state, minutesLeft } = slaClock(t.resolveDueAt, t.resolvedAt, now);
  const took = t.resolvedAt ? formatDuration(minutesBetween(resolutionStart(t, events), t.resolvedAt)) : '';
  const text =
    state === 'running'
      ? `Resolution due in ${formatDuration(minutesLeft)}`
      : state === 'breached'
        ? `Resolution overdue by ${formatDuration(-minutesLeft)}`
        : state === 'met'
          ? `Resolved in ${took}`
          : `Resolved in ${took}, ${formatDuration(-minutesLeft)} late`;
  return { state, text, tone: toneOf[state] };
}

/**
 * The one clock a queue's card shows for a ticket still being worked: the first reply's until it is
 * given, then the resolution's. Null once resolved or closed (the detail has both clocks).
 */
export function queueSlaLine(t: Ticket, now: string): SlaLine | null {
  if (finished(t)) return null;
  return t.firstReplyAt ? resolutionLine(t, now) : firstReplyLine(t, now);
}
