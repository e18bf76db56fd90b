import type { Message } from '@contract/chat';
import type { TicketCreate, TicketDetail } from '@contract/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/outbox/idempotency-key';

/** contract/tickets.ts's TICKET_SUBJECT_MAX is 200; a subject made from a message stays short. */
const SUBJECT_WORDS = 8;
const SUBJECT_CHARS = 80;

/**
 * A ticket's subject from a message: its first words, cut at a word and marked '…' when there is
 * more; a message of attachments only is named after its author.
 */
export function ticketSubjectOf(message: Pick<Message, 'body' | 'authorName'>): string {
  const words = message.body.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return `Chat message from ${message.authorName || 'a former member'}`;
  let subject = '';
  let used = 0;
  for (const word of words.slice(0, SUBJECT_WORDS)) {
    const next = subject ? `${subject} ${word}` : word;
    if (next.length > SUBJECT_CHARS) break;
    subject = next;
    used++;
  }
  // One word longer than the limit: cut inside it.
  if (!subject) subject = words[0]!.slice(0, SUBJECT_CHARS);
  return used < words.length || subject.length < words.join(' ').length ? `${subject}…` : subject;
}

/**
 * POST /api/tickets with `sourceMessageId`: a question asked in the chat becomes a ticket in one
 * action; the server copies the message's text and attachments (contract/tickets.ts). Online only.
 */
export const messageToTicket = (message: Pick<Message, 'id' | 'body' | 'authorName'>) => {
  const body: TicketCreate = {
    subject: ticketSubjectOf(message),
    category: 'question',
    sourceMessageId: message.id,
  };
  return api<TicketDetail>('/tickets', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
};

export const useMessageToTicket = () => useMutation({ mutationFn: messageToTicket, networkMode: 'always' });
