import { describe, expect, it } from 'vitest';
import { eventSentence } from './ticket-conversation';

const nadia = { id: 'nadia', name: 'Nadia Uwase' };
const at = '2026-11-20T10:00:00.000Z';
const named = (v: string) => v;

describe('a ticket’s history in words', () => {
  it('names the change, its labels and the people', () => {
    expect(
      eventSentence(
        { id: 'e1', actor: nadia, field: 'status', from: 'open', to: 'pending', createdAt: at },
        named,
      ),
    ).toBe('Nadia Uwase changed the status from Open to Pending.');
    expect(
      eventSentence(
        { id: 'e2', actor: nadia, field: 'priority', from: null, to: 'urgent', createdAt: at },
        named,
      ),
    ).toBe('Nadia Uwase set the priority to Urgent.');
    expect(
      eventSentence(
        { id: 'e3', actor: nadia, field: 'assignee', from: null, to: 'Nadia Uwase', createdAt: at },
        named,
      ),
    ).toBe('Nadia Uwase took the ticket.');
    expect(
      eventSentence(
        { id: 'e4', actor: nadia, field: 'assignee', from: null, to: 'ada', createdAt: at },
        (v) => (v === 'ada' ? 'Ada Admin' : v),
      ),
    ).toBe('Nadia Uwase assigned the ticket to Ada Admin.');
    expect(
      eventSentence(
        { id: 'e5', actor: null, field: 'assignee', from: 'ada', to: null, createdAt: at },
        named,
      ),
    ).toBe('The system unassigned the ticket.');
  });
});
