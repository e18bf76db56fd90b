import {
  ticketPriorityLabels,
  ticketStatusLabels,
  type TicketDetail,
  type TicketEvent,
  type TicketPerson,
  type TicketPriority,
  type TicketStatus,
} from '@contract/tickets';
import { AlertCircle, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { formatWhen } from '../format';
import type { TicketReplyBody } from '../api/reply-to-ticket';
import type { WaitingWrite } from '../use-waiting-tickets';
import { InternalNoteLabel, WaitingBadge } from './ticket-badges';
import { TicketAttachments } from './ticket-attachments';

type Entry =
  | { kind: 'description'; at: string }
  | { kind: 'reply'; at: string; reply: TicketDetail['replies'][number] }
  | { kind: 'event'; at: string; event: TicketEvent };

const labelOfValue = (field: TicketEvent['field'], value: string | null, nameOf: (v: string) => string) => {
  if (value === null) return null;
  if (field === 'status') return ticketStatusLabels[value as TicketStatus] ?? value;
  if (field === 'priority') return ticketPriorityLabels[value as TicketPriority] ?? value;
  return nameOf(value);
};

/** A history line in words: 'Nadia Uwase changed the status from Open to Pending.' */
export function eventSentence(event: TicketEvent, nameOf: (idOrName: string) => string): string {
  const who = event.actor?.name ?? 'The system';
  const from = labelOfValue(event.field, event.from, nameOf);
  const to = labelOfValue(event.field, event.to, nameOf);
  if (event.field === 'assignee')
    return !to
      ? `${who} unassigned the ticket.`
      : to === event.actor?.name
        ? `${who} took the ticket.`
        : `${who} assigned the ticket to ${to}.`;
  const what = event.field === 'status' ? 'the status' : 'the priority';
  return from
    ? `${who} changed ${what} from ${from} to ${to ?? '—'}.`
    : `${who} set ${what} to ${to ?? '—'}.`;
}

function Bubble({
  author,
  at,
  byAgent,
  internal,
  children,
  extra,
}: {
  author: string;
  at: string | number;
  byAgent: boolean;
  internal: boolean;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const when = formatWhen(at);
  return (
    <article
      aria-label={`${internal ? 'Internal note' : 'Message'} from ${author}, ${when}`}
      className={cn(
        'flex flex-col gap-1 rounded-xl border p-3',
        internal
          ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/50'
          : byAgent
            ? 'border-sky-200 bg-sky-50/60 dark:border-sky-900 dark:bg-sky-950/30'
            : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      {internal && <InternalNoteLabel />}
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{author}</span>
        {byAgent && !internal && (
          <span className="text-xs font-medium text-sky-900 dark:text-sky-100">Support</span>
        )}
        <time dateTime={new Date(at).toISOString()} className="text-xs text-slate-600 dark:text-slate-400">
          {when}
        </time>
        {extra}
      </p>
      {children}
    </article>
  );
}

const bodyClass = 'text-sm whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200';

/**
 * The ticket's conversation, oldest first: the description, the public replies, the agents' internal
 * notes (amber, marked; the server sends them to agents only), the history of changes, and the
 * viewer's replies still waiting on the device.
 */
export function TicketConversation({
  ticket,
  waiting,
  viewerName,
  agents = [],
}: {
  ticket: TicketDetail;
  waiting: readonly WaitingWrite<TicketReplyBody>[];
  viewerName: string;
  agents?: readonly TicketPerson[];
}) {
  const people = [
    ticket.requester,
    ...(ticket.assignee ? [ticket.assignee] : []),
    ...ticket.replies.map((r) => r.author),
    ...agents,
  ];
  // An assignment's history names people by id or by name; either reads as a name here.
  const nameOf = (value: string) => people.find((p) => p.id === value)?.name ?? value;
  const entries: Entry[] = [
    { kind: 'description', at: ticket.createdAt } as Entry,
    ...ticket.replies.map((reply): Entry => ({ kind: 'reply', at: reply.createdAt, reply })),
    ...ticket.events.map((event): Entry => ({ kind: 'event', at: event.createdAt, event })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  return (
    <section aria-labelledby="ticket-conversation" className="flex flex-col gap-3">
      <h3 id="ticket-conversation" className="text-lg font-bold">
        Conversation
      </h3>
      <ol className="flex flex-col gap-3" aria-label="Conversation">
        {entries.map((entry) => {
          if (entry.kind === 'description')
            return (
              <li key="description">
                <Bubble author={ticket.requester.name} at={ticket.createdAt} byAgent={false} internal={false}>
                  <p className={bodyClass}>{ticket.description}</p>
                  <TicketAttachments attachments={ticket.attachments} />
                </Bubble>
              </li>
            );
          if (entry.kind === 'event')
            return (
              <li
                key={`event-${entry.event.id}`}
                className="flex items-start gap-2 px-1 text-xs text-slate-600 dark:text-slate-400"
              >
                <History aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                <span>
                  {eventSentence(entry.event, nameOf)}{' '}
                  <time dateTime={entry.event.createdAt}>{formatWhen(entry.event.createdAt)}</time>
                </span>
              </li>
            );
          const { reply } = entry;
          return (
            <li key={reply.id}>
              <Bubble
                author={reply.author.name || 'Former member'}
                at={reply.createdAt}
                byAgent={reply.byAgent}
                internal={reply.internal}
              >
                <p className={bodyClass}>{reply.body}</p>
                <TicketAttachments attachments={reply.attachments} />
              </Bubble>
            </li>
          );
        })}
        {waiting.map(({ entry, body, refused }) => (
          <li key={entry.id}>
            <Bubble
              author={viewerName}
              at={entry.createdAt}
              byAgent={ticket.viewerIsAgent}
              internal={Boolean(body.internal)}
              extra={refused ? undefined : <WaitingBadge />}
            >
              <p className={bodyClass}>{body.body}</p>
              {refused && (
                <p className="flex items-start gap-1 text-sm text-red-800 dark:text-red-300">
                  <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  Not sent: {entry.lastError?.message ?? 'the server refused it.'} It is kept in the outbox
                  under “Needs attention”.
                </p>
              )}
            </Bubble>
          </li>
        ))}
      </ol>
    </section>
  );
}
