import { and, eq, sql } from 'drizzle-orm';
import { formatBytes } from '../../../contract/format-bytes';
import { plans, type Plan } from '../../../contract/plans';
import type { DbExecutor } from '../../db';
import { storageUsage } from '../../db/schema';
import { ApiError } from '../api-error';
import { getEffectivePlan } from '../plan-limits';

export const storageQuotaCode = 'storage_quota_exceeded';

/** The plan's storage in bytes: 'GB' as plans state it, 1,000³ bytes. */
export const storageLimitOf = (plan: Plan) => plan.limits.storageGb * 1_000_000_000;

export interface StorageUsage {
  used: number;
  reserved: number;
  limit: number;
  plan: Plan;
}

/** Byte counts come from the server's own checks (a declared length, a stored size): anything else is a bug. */
function assertBytes(...counts: number[]) {
  for (const n of counts)
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Invalid byte count: ${String(n)}`);
}

/**
 * Runs a conditional update of the NGO's usage row; true when it took. The row is made on the NGO's
 * first stored bytes only: inserting it before every update cost each upload two statements more
 * (bench:files). A miss makes the row (or finds it just made by a concurrent request) and tries once
 * more, so a miss that remains is the condition's.
 */
async function updateUsage(db: DbExecutor, ngoId: string, update: () => Promise<unknown[]>) {
  if ((await update()).length > 0) return true;
  await db.insert(storageUsage).values({ ngoId }).onConflictDoNothing();
  return (await update()).length > 0;
}

export async function storageUsageOf(db: DbExecutor, ngoId: string, now = new Date()): Promise<StorageUsage> {
  const { plan } = await getEffectivePlan(db, ngoId, now);
  const [row] = await db
    .select({ used: storageUsage.bytesUsed, reserved: storageUsage.bytesReserved })
    .from(storageUsage)
    .where(eq(storageUsage.ngoId, ngoId));
  return { used: row?.used ?? 0, reserved: row?.reserved ?? 0, limit: storageLimitOf(plan), plan };
}

async function quotaExceeded(db: DbExecutor, ngoId: string, bytes: number, now: Date): Promise<ApiError> {
  const { used, reserved, limit, plan } = await storageUsageOf(db, ngoId, now);
  const left = Math.max(0, limit - used - reserved);
  const inFlight =
    reserved > 0 ? ` (${formatBytes(reserved, 'en-US')} of it is held for uploads in progress)` : '';
  const bigger = plans.some((p) => p.limits.storageGb > plan.limits.storageGb)
    ? ' or choose a bigger plan'
    : '';
  return new ApiError(
    413,
    `This needs ${formatBytes(bytes, 'en-US')}, and your organisation has ${formatBytes(left, 'en-US')} left of ` +
      `its ${formatBytes(limit, 'en-US')} on the ${plan.name} plan${inFlight}. ` +
      `Delete files and empty the trash${bigger} to make room.`,
    { code: storageQuotaCode },
  );
}

/**
 * Holds `bytes` of the NGO's storage for an upload about to start (its declared length), or throws a
 * 413 `storage_quota_exceeded` and holds nothing. One conditional UPDATE: under concurrency the
 * database re-checks the condition on the row as the other writer left it, so two uploads that
 * together pass the limit cannot both be admitted.
 */
export async function reserveStorage(db: DbExecutor, ngoId: string, bytes: number, now = new Date()) {
  assertBytes(bytes);
  const { plan } = await getEffectivePlan(db, ngoId, now);
  const admitted = await updateUsage(db, ngoId, () =>
    db
      .update(storageUsage)
      .set({ bytesReserved: sql`${storageUsage.bytesReserved} + ${bytes}`, updatedAt: now })
      .where(
        and(
          eq(storageUsage.ngoId, ngoId),
          sql`${storageUsage.bytesUsed} + ${storageUsage.bytesReserved} + ${bytes} <= ${storageLimitOf(plan)}`,
        ),
      )
      .returning({ ngoId: storageUsage.ngoId }),
  );
  if (!admitted) throw await quotaExceeded(db, ngoId, bytes, now);
}

/** Gives back what `reserveStorage` held, for an upload cancelled, failed or expired. */
export async function releaseStorage(db: DbExecutor, ngoId: string, reserved: number, now = new Date()) {
  assertBytes(reserved);
  await db
    .update(storageUsage)
    .set({ bytesReserved: sql`greatest(${storageUsage.bytesReserved} - ${reserved}, 0)`, updatedAt: now })
    .where(eq(storageUsage.ngoId, ngoId));
}

/**
 * An upload is complete: what it held becomes `actual` bytes used. Checked again against the plan as
 * it is now (it may have lapsed to a smaller one meanwhile): past it, nothing is counted, the hold is
 * given back through the same handle, and a 413 is thrown for the caller to keep no file.
 */
export async function settleUpload(
  db: DbExecutor,
  ngoId: string,
  reserved: number,
  actual: number,
  now = new Date(),
) {
  assertBytes(reserved, actual);
  const { plan } = await getEffectivePlan(db, ngoId, now);
  const remainingHold = sql`greatest(${storageUsage.bytesReserved} - ${reserved}, 0)`;
  const settled = await updateUsage(db, ngoId, () =>
    db
      .update(storageUsage)
      .set({
        bytesReserved: remainingHold,
        bytesUsed: sql`${storageUsage.bytesUsed} + ${actual}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(storageUsage.ngoId, ngoId),
          sql`${storageUsage.bytesUsed} + ${actual} + ${remainingHold} <= ${storageLimitOf(plan)}`,
        ),
      )
      .returning({ ngoId: storageUsage.ngoId }),
  );
  if (settled) return;
  await releaseStorage(db, ngoId, reserved, now);
  throw await quotaExceeded(db, ngoId, actual, now);
}

/** Files purged from the trash free their bytes. */
export async function freeStorage(db: DbExecutor, ngoId: string, bytes: number, now = new Date()) {
  assertBytes(bytes);
  await db
    .update(storageUsage)
    .set({ bytesUsed: sql`greatest(${storageUsage.bytesUsed} - ${bytes}, 0)`, updatedAt: now })
    .where(eq(storageUsage.ngoId, ngoId));
}
