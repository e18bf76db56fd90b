import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../testing/memory-database';
import { FairTurns, type DatabaseHandle } from './index';

describe('FairTurns', () => {
  it('runs one piece at a time, in arrival order', async () => {
    const turns = new FairTurns();
    const log: string[] = [];
    const piece = (name: string, ms: number) =>
      turns.run(async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        return name;
      });
    expect(await Promise.all([piece('a', 20), piece('b', 1), piece('c', 5)])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(turns.waiting).toBe(0);
  });

  it('starts the next piece on a later turn of the event loop, not straight after the previous one', async () => {
    const turns = new FairTurns();
    const log: string[] = [];
    await Promise.all([
      turns.run(async () => {
        log.push('first');
        // Anything the event loop has to do meanwhile (accept a connection, read a socket) comes first.
        setImmediate(() => log.push('other work'));
      }),
      turns.run(async () => {
        log.push('second');
      }),
    ]);
    expect(log).toEqual(['first', 'other work', 'second']);
  });

  it('never starts work from the caller, even when idle', () => {
    const turns = new FairTurns();
    let started = false;
    const done = turns.run(async () => {
      started = true;
    });
    expect(started).toBe(false);
    return done;
  });

  it('passes a failure to its caller and goes on with the next piece', async () => {
    const turns = new FairTurns();
    const failing = turns.run(async () => {
      throw new Error('rejected');
    });
    const throwing = turns.run((() => {
      throw new Error('thrown');
    }) as () => Promise<void>);
    const next = turns.run(async () => 'next');
    await expect(failing).rejects.toThrow('rejected');
    await expect(throwing).rejects.toThrow('thrown');
    expect(await next).toBe('next');
  });
});

describe('the embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('answers concurrent statements in the order they were sent', async () => {
    const order: number[] = [];
    await Promise.all(Array.from({ length: 50 }, (_, i) => handle.ping().then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('runs a transaction as one turn: a statement sent meanwhile waits for its end', async () => {
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute('select 1');
      log.push('in transaction');
      await held;
      log.push('transaction ends');
    });
    // Until the transaction has started, nothing else can be waiting behind it.
    while (log.length === 0) await new Promise((r) => setImmediate(r));
    const outside = handle.ping().then(() => log.push('outside'));
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['in transaction']);
    release();
    await Promise.all([transaction, outside]);
    expect(log).toEqual(['in transaction', 'transaction ends', 'outside']);
  });
});
