import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planById } from '../../../contract/plans';
import { ngoSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo } from '../../testing/users';
import { ApiError } from '../api-error';
import {
  freeStorage,
  releaseStorage,
  reserveStorage,
  settleUpload,
  storageLimitOf,
  storageQuotaCode,
  storageUsageOf,
} from './storage-quota';

const starter = planById('starter')!;
const growth = planById('growth')!;
const limit = storageLimitOf(starter);
const now = new Date('2026-11-26T12:00:00.000Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as ApiError,
  );

describe('storage quota', () => {
  it('is the plan’s GB in bytes, as plans state it', () => {
    expect(limit).toBe(2_000_000_000);
    expect(storageLimitOf(growth)).toBe(50_000_000_000);
  });

  it('admits uploads up to exactly the limit, refuses one byte more with a 413 naming what is left', async () => {
    const ngoId = await createTestNgo(t, 'Exact');
    await reserveStorage(t.db, ngoId, limit - 1_500_000, now);
    await reserveStorage(t.db, ngoId, 1_000_000, now);
    const err = await refusal(reserveStorage(t.db, ngoId, 500_001, now));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, code: storageQuotaCode });
    expect(err!.message).toBe(
      'This needs 500 kB, and your organisation has 500 kB left of its 2 GB on the NGO Starter plan ' +
        '(2 GB of it is held for uploads in progress). Delete files and empty the trash or choose a bigger plan to make room.',
    );
    await reserveStorage(t.db, ngoId, 500_000, now);
    expect(await storageUsageOf(t.db, ngoId, now)).toMatchObject({ used: 0, reserved: limit, limit });
    expect((await refusal(reserveStorage(t.db, ngoId, 1, now)))?.status).toBe(413);
  });

  it('admits only one of two concurrent uploads that together pass the limit', async () => {
    const ngoId = await createTestNgo(t, 'Race');
    const size = Math.ceil(limit * 0.6);
    const outcomes = await Promise.allSettled([
      reserveStorage(t.db, ngoId, size, now),
      reserveStorage(t.db, ngoId, size, now),
      reserveStorage(t.db, ngoId, size, now),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ status: 413, code: storageQuotaCode });
    expect((await storageUsageOf(t.db, ngoId, now)).reserved).toBe(size);
  });

  it('counts a finished upload as used, gives back a cancelled one, and frees purged files', async () => {
    const ngoId = await createTestNgo(t, 'Lifecycle');
    await reserveStorage(t.db, ngoId, 3_000, now);
    await reserveStorage(t.db, ngoId, 5_000, now);
    await settleUpload(t.db, ngoId, 3_000, 3_000, now);
    expect(await storageUsageOf(t.db, ngoId, now)).toMatchObject({ used: 3_000, reserved: 5_000 });
    await releaseStorage(t.db, ngoId, 5_000, now);
    expect(await storageUsageOf(t.db, ngoId, now)).toMatchObject({ used: 3_000, reserved: 0 });
    await freeStorage(t.db, ngoId, 3_000, now);
    // Never below zero, whatever a caller gives back.
    await freeStorage(t.db, ngoId, 10, now);
    await releaseStorage(t.db, ngoId, 10, now);
    expect(await storageUsageOf(t.db, ngoId, now)).toMatchObject({ used: 0, reserved: 0 });
  });

  it('checks a finished upload again against the plan as it is then, keeping nothing past it', async () => {
    const ngoId = await createTestNgo(t, 'Lapsed');
    await t.db
      .insert(ngoSubscriptions)
      .values({ ngoId, planId: 'growth', activatedAt: days(-20), renewsAt: days(10) });
    // 5 GB held under the Growth plan; the month runs out before the upload finishes.
    await reserveStorage(t.db, ngoId, 5_000_000_000, now);
    const err = await refusal(settleUpload(t.db, ngoId, 5_000_000_000, 5_000_000_000, days(11)));
    expect(err).toMatchObject({ status: 413, code: storageQuotaCode });
    expect(err!.message).toContain('left of its 2 GB on the NGO Starter plan');
    expect(await storageUsageOf(t.db, ngoId, days(11))).toMatchObject({ used: 0, reserved: 0, limit });
  });

  it('follows a bigger plan at once, and keeps each NGO’s total apart', async () => {
    const small = await createTestNgo(t, 'Upgrading');
    const other = await createTestNgo(t, 'Neighbour');
    await reserveStorage(t.db, small, limit, now);
    expect((await refusal(reserveStorage(t.db, small, 1_000_000, now)))?.status).toBe(413);
    await reserveStorage(t.db, other, limit, now);
    await t.db
      .insert(ngoSubscriptions)
      .values({ ngoId: small, planId: 'growth', activatedAt: now, renewsAt: days(30) });
    await reserveStorage(t.db, small, 1_000_000, now);
    expect((await storageUsageOf(t.db, small, now)).limit).toBe(storageLimitOf(growth));
    expect((await storageUsageOf(t.db, other, now)).reserved).toBe(limit);
  });

  it('refuses byte counts that are negative, fractional or not numbers, changing nothing', async () => {
    const ngoId = await createTestNgo(t, 'Bad counts');
    await reserveStorage(t.db, ngoId, 1_000, now);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      await expect(reserveStorage(t.db, ngoId, bad, now)).rejects.toThrow(/Invalid byte count/);
      await expect(releaseStorage(t.db, ngoId, bad, now)).rejects.toThrow(/Invalid byte count/);
      await expect(settleUpload(t.db, ngoId, 1_000, bad, now)).rejects.toThrow(/Invalid byte count/);
      await expect(freeStorage(t.db, ngoId, bad, now)).rejects.toThrow(/Invalid byte count/);
    }
    expect(await storageUsageOf(t.db, ngoId, now)).toMatchObject({ used: 0, reserved: 1_000 });
  });
});
