import { useMemo } from 'react';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { TICKET_CREATE_KIND, type TicketCreateBody } from './api/create-ticket';
import { TICKET_REPLY_KIND, ticketRepliesUrl, type TicketReplyBody } from './api/reply-to-ticket';

export interface WaitingWrite<Body> {
  entry: OutboxEntry;
  body: Body;
  /** Refused in the background: kept under "Needs attention" in the outbox. */
  refused: boolean;
}

const of = <Body>(entries: OutboxEntry[], refused: boolean, keep: (e: OutboxEntry) => boolean) =>
  entries.filter(keep).map((entry) => ({ entry, body: entry.body as Body, refused }));

/** New tickets of this user still on the device (offline, or refused in the background), oldest first. */
export function useWaitingTickets(): WaitingWrite<TicketCreateBody>[] {
  const { waiting, attention } = useOutbox();
  return useMemo(() => {
    const isCreate = (e: OutboxEntry) => e.kind === TICKET_CREATE_KIND;
    return [
      ...of<TicketCreateBody>(waiting, false, isCreate),
      ...of<TicketCreateBody>(attention, true, isCreate),
    ];
  }, [waiting, attention]);
}

/** Replies and notes to one ticket still on the device, oldest first. */
export function useWaitingReplies(ticketId: string): WaitingWrite<TicketReplyBody>[] {
  const { waiting, attention } = useOutbox();
  return useMemo(() => {
    const url = ticketRepliesUrl(ticketId);
    const isReply = (e: OutboxEntry) => e.kind === TICKET_REPLY_KIND && e.url === url;
    return [
      ...of<TicketReplyBody>(waiting, false, isReply),
      ...of<TicketReplyBody>(attention, true, isReply),
    ];
  }, [waiting, attention, ticketId]);
}
