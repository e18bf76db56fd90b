import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createChatSocket,
  PING_EVERY_MS,
  reconnectDelay,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  SOCKET_UNAUTHORIZED,
} from './chat-socket';
import { FakeSocket } from './fake-socket';

function setup(opts: { token?: string | null; online?: () => boolean } = {}) {
  const events: unknown[] = [];
  const onReady = vi.fn();
  const onUnauthorized = vi.fn();
  const socket = createChatSocket({
    url: () => 'ws://localhost/api/realtime',
    token: () => (opts.token === undefined ? 'tok' : opts.token),
    onEvent: (e) => events.push(e),
    onReady,
    onUnauthorized,
    createSocket: (url) => new FakeSocket(url),
    isOnline: opts.online ?? (() => true),
    random: () => 0.5,
  });
  return { socket, events, onReady, onUnauthorized };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('the chat socket', () => {
  it('authenticates with its first frame, then passes the events on and calls onReady', () => {
    const t = setup();
    t.socket.start();
    const ws = FakeSocket.latest();
    expect(ws.url).toBe('ws://localhost/api/realtime');
    ws.open();
    expect(ws.sent).toEqual([{ type: 'auth', token: 'tok' }]);
    expect(t.socket.send({ type: 'typing', conversationId: 'c1' })).toBe(false);
    ws.receive({ type: 'ready', userId: 'grace' });
    expect(t.onReady).toHaveBeenCalledTimes(1);
    ws.receive({ type: 'read', conversationId: 'c1', lastReadSeq: 4 });
    ws.receive({ type: 'pong' });
    ws.receive({ type: 'nonsense' });
    ws.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(t.events).toEqual([{ type: 'read', conversationId: 'c1', lastReadSeq: 4 }]);
    expect(t.socket.send({ type: 'typing', conversationId: 'c1' })).toBe(true);
  });

  it('pings every 25 s, and drops a connection that stopped answering, then reconnects', () => {
    const t = setup();
    t.socket.start();
    FakeSocket.latest().ready();
    vi.advanceTimersByTime(PING_EVERY_MS);
    expect(FakeSocket.latest().sent.at(-1)).toEqual({ type: 'ping' });
    FakeSocket.latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(PING_EVERY_MS);
    expect(FakeSocket.all).toHaveLength(1);
    // No answer to that ping: the next tick drops it.
    vi.advanceTimersByTime(PING_EVERY_MS);
    expect(FakeSocket.all[0]!.closedWith).toBe(4000);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects after a close with a growing, capped, jittered wait, and starts over once ready', () => {
    const t = setup();
    t.socket.start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const count = FakeSocket.all.length;
      FakeSocket.latest().serverClose();
      const wait = reconnectDelay(i, () => 0.5);
      waits.push(wait);
      vi.advanceTimersByTime(wait - 1);
      expect(FakeSocket.all).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(count + 1);
    }
    expect(waits).toEqual([1500, 3000, 6000, 12000, 22500, 22500, 22500]);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_MIN_MS);
    expect(reconnectDelay(20, () => 0.999999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    FakeSocket.latest().ready();
    expect(t.onReady).toHaveBeenCalledTimes(1);
    FakeSocket.latest().serverClose();
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.all).toHaveLength(9);
  });

  it('stops for good on 4401 and says so', () => {
    const t = setup();
    t.socket.start();
    FakeSocket.latest().open();
    FakeSocket.latest().serverClose(SOCKET_UNAUTHORIZED);
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    t.socket.reconnectNow();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('waits for the connection (reconnectNow) while offline or signed out, and closes on stop', () => {
    let online = false;
    const t = setup({ online: () => online });
    t.socket.start();
    expect(FakeSocket.all).toHaveLength(0);
    online = true;
    t.socket.reconnectNow();
    expect(FakeSocket.all).toHaveLength(1);
    t.socket.stop();
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const signedOut = setup({ token: null });
    signedOut.socket.start();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
