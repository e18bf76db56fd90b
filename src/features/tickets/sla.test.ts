import { describe, expect, it } from 'vitest';
import { firstReplyLine, formatDuration, queueSlaLine, resolutionLine } from './sla';
import { ticketOf } from './testing';

// Created 09:00, first reply due 17:00 (normal: 8 h), resolution due three days later.
const t = ticketOf();

describe('the SLA clocks in words', () => {
  it('formats durations in whole minutes, hours or days', () => {
    expect(formatDuration(0)).toBe('1 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(3 * 60 + 10)).toBe('3 h');
    expect(formatDuration(47 * 60)).toBe('47 h');
    expect(formatDuration(3 * 24 * 60)).toBe('3 d');
  });

  it('counts the first reply down, then overdue, and says how long the reply took', () => {
    expect(firstReplyLine(t, '2026-11-20T14:00:00.000Z')).toEqual({
      state: 'running',
      text: 'First reply due in 3 h',
      tone: 'neutral',
    });
    expect(firstReplyLine(t, '2026-11-20T18:00:00.000Z')).toMatchObject({
      state: 'breached',
      text: 'First reply overdue by 1 h',
      tone: 'bad',
    });
    const replied = { ...t, firstReplyAt: '2026-11-20T11:00:00.000Z' };
    expect(firstReplyLine(replied, '2026-11-21T00:00:00.000Z')).toMatchObject({
      state: 'met',
      text: 'Replied in 2 h',
    });
    const late = { ...t, firstReplyAt: '2026-11-20T19:00:00.000Z' };
    expect(firstReplyLine(late, '2026-11-21T00:00:00.000Z')).toMatchObject({
      state: 'stopped-late',
      text: 'Replied in 10 h, 2 h late',
    });
    expect(firstReplyLine({ ...t, status: 'closed' }, '2026-11-21T00:00:00.000Z').text).toBe(
      'No agent reply',
    );
  });

  it('counts resolution from the last reopening when the history is at hand', () => {
    expect(resolutionLine(t, '2026-11-21T09:00:00.000Z').text).toBe('Resolution due in 2 d');
    expect(resolutionLine(t, '2026-11-23T10:00:00.000Z').text).toBe('Resolution overdue by 1 h');
    const resolved = {
      ...t,
      status: 'resolved' as const,
      resolvedAt: '2026-11-21T15:00:00.000Z',
      resolveDueAt: '2026-11-24T09:00:00.000Z',
    };
    const reopened = [
      {
        id: 'e1',
        actor: null,
        field: 'status' as const,
        from: 'resolved',
        to: 'open',
        createdAt: '2026-11-21T09:00:00.000Z',
      },
    ];
    expect(resolutionLine(resolved, '2026-11-22T00:00:00.000Z', reopened).text).toBe('Resolved in 6 h');
    expect(resolutionLine(resolved, '2026-11-22T00:00:00.000Z').text).toBe('Resolved in 30 h');
  });

  it('gives a queue card the clock that matters now, none once resolved', () => {
    expect(queueSlaLine(t, '2026-11-20T14:00:00.000Z')?.text).toBe('First reply due in 3 h');
    expect(
      queueSlaLine({ ...t, firstReplyAt: '2026-11-20T10:00:00.000Z' }, '2026-11-20T14:00:00.000Z')?.text,
    ).toBe('Resolution due in 3 d');
    expect(queueSlaLine({ ...t, status: 'resolved' }, '2026-11-20T14:00:00.000Z')).toBeNull();
  });
});
