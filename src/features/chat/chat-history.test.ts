import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  historyOfPage,
  lastSeqOf,
  mergeMessages,
  trimHistory,
  withOlderPage,
  withRev,
  type ChatHistory,
} from './chat-history';
import { timelineOf, type PendingMessage } from './message-timeline';
import { messageOf } from './testing';

const m = (seq: number, rev = seq, over = {}) =>
  messageOf({ id: `m${seq}`, seq, rev, body: `#${seq} r${rev}`, ...over });
const ids = (h: ChatHistory) => h.messages.map((x) => x.id);

describe('mergeMessages', () => {
  it('keeps each message once, in seq order, the copy with the higher rev', () => {
    const merged = mergeMessages([m(1), m(3), m(2, 5)], [m(2, 4), m(3, 6), m(4)]);
    expect(merged.map((x) => x.body)).toEqual(['#1 r1', '#2 r5', '#3 r6', '#4 r4']);
  });

  it('is idempotent and order-free: the same changes in any order give the same result', () => {
    const changes = [m(1, 7), m(2), m(1, 3), m(3)];
    const once = mergeMessages([], changes);
    expect(mergeMessages(once, changes)).toEqual(once);
    expect(mergeMessages([], [...changes].reverse())).toEqual(once);
  });
});

describe('a history', () => {
  const page = { items: [m(5), m(6), m(7)], hasMore: true, rev: 9 };

  it('starts from its latest page, leaving thread replies out', () => {
    const h = historyOfPage({ ...page, items: [...page.items, m(8, 8, { parentId: 'm5' })] });
    expect(h).toMatchObject({ hasOlder: true, rev: 9 });
    expect(ids(h)).toEqual(['m5', 'm6', 'm7']);
    expect(lastSeqOf(h)).toBe(7);
  });

  it('adds an older page in front and keeps its rev', () => {
    const h = withOlderPage(historyOfPage(page), { items: [m(3), m(4)], hasMore: false, rev: 12 });
    expect(ids(h)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(h).toMatchObject({ hasOlder: false, rev: 9 });
  });

  it('applies changes: replaces held ones, adds new ones, skips ones older than what is loaded', () => {
    const h = applyChanges(historyOfPage(page), [
      m(6, 10, { body: 'edited' }),
      m(8, 11),
      m(2, 12, { body: 'edit of an unloaded message' }),
      m(9, 13, { parentId: 'm6' }),
    ]);
    expect(ids(h)).toEqual(['m5', 'm6', 'm7', 'm8']);
    expect(h.messages[1]!.body).toBe('edited');
    // With nothing older on the server, any message belongs.
    const whole = applyChanges({ ...historyOfPage(page), hasOlder: false }, [m(2)]);
    expect(ids(whole)).toEqual(['m2', 'm5', 'm6', 'm7']);
  });

  it('applies a thread’s replies to the thread', () => {
    const thread = historyOfPage({ items: [], hasMore: false, rev: 1 }, (x) => x.parentId === 'm5');
    const h = applyChanges(thread, [m(9, 9, { parentId: 'm5' }), m(10, 10)], (x) => x.parentId === 'm5');
    expect(ids(h)).toEqual(['m9']);
  });

  it('moves its rev forward only, and keeps only the newest when trimmed', () => {
    const h = historyOfPage(page);
    expect(withRev(h, 4).rev).toBe(9);
    expect(withRev(h, 11).rev).toBe(11);
    expect(ids(trimHistory({ ...h, hasOlder: false }, 2))).toEqual(['m6', 'm7']);
    expect(trimHistory({ ...h, hasOlder: false }, 2).hasOlder).toBe(true);
  });
});

describe('timelineOf', () => {
  const pending = (
    clientId: string,
    createdAt: number,
    over: Partial<PendingMessage> = {},
  ): PendingMessage => ({
    entryId: `e-${clientId}`,
    clientId,
    conversationId: 'c1',
    parentId: null,
    body: clientId,
    mentionIds: [],
    attachmentCount: 0,
    createdAt,
    state: 'sending',
    ...over,
  });

  it('shows the waiting messages after the sent ones, in typed order', () => {
    const items = timelineOf([m(1), m(2)], [pending('b', 20), pending('a', 10, { state: 'failed' })]);
    expect(items.map((i) => i.key)).toEqual(['client-m1', 'client-m2', 'a', 'b']);
  });

  it('hides a waiting message once the server’s copy with its client id is held, under the same key', () => {
    const sent = m(3, 3, { clientId: 'a' });
    const items = timelineOf([m(1), sent], [pending('a', 10), pending('b', 20)]);
    expect(items.map((i) => [i.kind, i.key])).toEqual([
      ['sent', 'client-m1'],
      ['sent', 'a'],
      ['pending', 'b'],
    ]);
  });
});
