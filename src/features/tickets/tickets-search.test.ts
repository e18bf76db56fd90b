import { afterEach, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/session';
import { ticketOf } from './testing';
import { isFiltered, ticketFilterOf, ticketMatcher, ticketsSearch } from './tickets-search';

afterEach(() => localStorage.clear());

describe('the tickets screens’ URL', () => {
  it('keeps usable filters and the open ticket, and drops anything else', () => {
    expect(
      ticketsSearch.parse({
        // a stray param of an old link is dropped too
        ...({ other: 'x' } as object),
        q: ' water ',
        status: 'pending',
        priority: 'urgent',
        category: 'nope',
        assignee: 'me',
        mine: true,
        ticket: 't1',
      }),
    ).toEqual({
      q: 'water',
      status: 'pending',
      priority: 'urgent',
      assignee: 'me',
      mine: 'true',
      ticket: 't1',
    });
    expect(ticketsSearch.parse({ ticket: 42 })).toEqual({ ticket: '42' });
  });

  it('asks for the filters without the open ticket', () => {
    expect(ticketFilterOf({ status: 'open', ticket: 't1' })).toEqual({ status: 'open' });
    expect(isFiltered(ticketFilterOf({ ticket: 't1' }))).toBe(false);
  });

  it('narrows loaded tickets by words of the subject, and by the viewer for me and mine', () => {
    signInAs({ id: 'nadia', role: 'NGO_ADMIN' });
    const mine = ticketOf({ assignee: { id: 'nadia', name: 'Nadia Uwase' } });
    const other = ticketOf({
      id: 't2',
      number: 7,
      subject: 'Printer',
      requester: { id: 'nadia', name: 'N' },
    });
    // 'The donation page shows the wrong currency': every word typed starts one of its words.
    expect([mine, other].filter(ticketMatcher({ q: 'wrong curr' }))).toEqual([mine]);
    expect([mine, other].filter(ticketMatcher({ q: 'PRINT' }))).toEqual([other]);
    expect([mine, other].filter(ticketMatcher({ q: 'rency' }))).toEqual([]);
    expect([mine, other].filter(ticketMatcher({ assignee: 'me' }))).toEqual([mine]);
    expect([mine, other].filter(ticketMatcher({ assignee: 'none' }))).toEqual([other]);
    expect([mine, other].filter(ticketMatcher({ mine: 'true' }))).toEqual([other]);
  });
});
