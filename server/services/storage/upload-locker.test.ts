import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { uploadLockerFor, type UploadLocker } from './upload-locker';

/*
 * The upload locker over the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): requests of
 * one process are kept apart, the holder is asked to let go, and a lock not let go in time is refused.
 * Two processes over PostgreSQL: server/routes/uploads/uploads-replicas.test.ts.
 */

let t: TestApp;
let locker: UploadLocker;

beforeAll(async () => {
  t = await createTestApp();
  locker = uploadLockerFor(t.db, { acquireTimeoutMs: 1_000, pollMs: 10 });
});
afterAll(async () => {
  await locker.close();
  await t.close();
});

const never = () => new AbortController().signal;

describe('the upload locker', () => {
  it('lets one request hold an upload, asks it to let go, and hands the lock on once it does', async () => {
    const first = locker.newLock('upload1');
    let asked = 0;
    await first.lock(never(), () => {
      asked++;
      // The holder finishes what it was doing, then unlocks.
      setTimeout(() => void first.unlock(), 50);
    });
    const second = locker.newLock('upload1');
    await second.lock(never(), () => {});
    expect(asked).toBeGreaterThan(0);
    await second.unlock();
  });

  it('refuses a lock its holder keeps past the wait, and keeps other uploads free meanwhile', async () => {
    const held = locker.newLock('upload2');
    await held.lock(never(), () => {});
    await expect(locker.newLock('upload2').lock(never(), () => {})).rejects.toMatchObject({
      body: expect.stringContaining('lock'),
    });
    const other = locker.newLock('upload3');
    await other.lock(never(), () => {});
    await other.unlock();
    await held.unlock();
    expect(locker.held.size).toBe(0);
  });

  it('stops waiting when the request is gone', async () => {
    const held = locker.newLock('upload4');
    await held.lock(never(), () => {});
    const gone = new AbortController();
    const waiting = locker.newLock('upload4').lock(gone.signal, () => {});
    gone.abort();
    await expect(waiting).rejects.toBeDefined();
    await held.unlock();
  });
});
