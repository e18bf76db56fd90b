import { TICKET_BODY_MAX, ticketCreate, ticketRatingSet, ticketReplyCreate } from '@contract/tickets';
import { z } from 'zod';

/*
 * The tickets screens' forms, on the contract's own rules (so a form and the API give the same
 * messages). Loaded with the screens' components, never by the route files (ADR 0006).
 */

/**
 * 'New ticket': the contract's body, except that a description is required here (the contract
 * waives it only for a ticket made from a chat message, whose text becomes the description).
 */
export const newTicketSchema = ticketCreate
  .pick({ subject: true, category: true, priority: true, audience: true })
  .extend({
    description: z
      .string()
      .trim()
      .min(1, 'Description is required.')
      .max(
        TICKET_BODY_MAX,
        `Description is too long (${TICKET_BODY_MAX.toLocaleString('en')} characters at most).`,
      ),
  });
export type NewTicketValues = z.input<typeof newTicketSchema>;
export type NewTicketOutput = z.output<typeof newTicketSchema>;

export const emptyNewTicket: NewTicketValues = {
  subject: '',
  // Blank until chosen: the select's first option asks for one.
  category: '' as NewTicketValues['category'],
  priority: 'normal',
  audience: 'ngo',
  description: '',
};

/** The server's field names of a 400, on the form's inputs. */
export const newTicketFields = ['subject', 'category', 'priority', 'audience', 'description'] as const;

/** A reply or an internal note: the contract's body rule. */
export const replySchema = ticketReplyCreate.pick({ body: true });
export type ReplyValues = z.input<typeof replySchema>;

export const CSAT_CHOICES = [
  { score: 1, label: 'Very dissatisfied' },
  { score: 2, label: 'Dissatisfied' },
  { score: 3, label: 'Neither satisfied nor dissatisfied' },
  { score: 4, label: 'Satisfied' },
  { score: 5, label: 'Very satisfied' },
] as const;

/** The rating: a radio's value is text; the contract's message when none is chosen. */
export const ratingSchema = z.object({
  score: z
    .enum(['1', '2', '3', '4', '5'], { error: 'Choose a rating from 1 to 5.' })
    .transform(Number)
    .pipe(ticketRatingSet.shape.score),
  comment: ticketRatingSet.shape.comment,
});
export type RatingValues = z.input<typeof ratingSchema>;
export type RatingOutput = z.output<typeof ratingSchema>;
