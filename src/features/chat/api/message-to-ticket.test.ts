import { describe, expect, it } from 'vitest';
import { ticketSubjectOf } from './message-to-ticket';

describe('a ticket’s subject made from a chat message', () => {
  it('takes the first words, marked when there is more', () => {
    expect(ticketSubjectOf({ body: 'Printer jammed again', authorName: 'Ann' })).toBe('Printer jammed again');
    expect(
      ticketSubjectOf({
        body: 'How do I export   the donors list\nto a spreadsheet for the board meeting?',
        authorName: 'Ann',
      }),
    ).toBe('How do I export the donors list to…');
  });

  it('cuts a very long word, and names a message of files after its author', () => {
    expect(ticketSubjectOf({ body: 'x'.repeat(120), authorName: 'Ann' })).toBe(`${'x'.repeat(80)}…`);
    expect(ticketSubjectOf({ body: '  ', authorName: 'Ann Staff' })).toBe('Chat message from Ann Staff');
  });
});
