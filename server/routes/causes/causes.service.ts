import { and, desc, eq } from 'drizzle-orm';
import type {
  CauseDetail,
  CauseList,
  CauseSummary,
  CreateCauseValues,
  PublicCause,
  RecentDonation,
  UpdateCauseValues,
} from '../../../contract/causes';
import { donationMaxMinor, type Currency } from '../../../contract/payments';
import type { DbExecutor } from '../../db';
import { causes, donations, ngos, payments } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { acceptsDonations } from '../../services/causes';
import { newId } from '../../services/ids';

type CauseRow = typeof causes.$inferSelect;

export const RECENT_DONATIONS = 20;
const notFound = () => new ApiError(404, 'Cause not found.');

const toSummary = (c: CauseRow): CauseSummary => ({
  id: c.id,
  title: c.title,
  goalMinor: c.goalMinor,
  raisedMinor: c.raisedMinor,
  currency: c.currency as Currency,
  donorCount: c.donorCount,
  imageUrl: c.imageUrl,
  endDate: c.endDate,
  status: c.status as CauseSummary['status'],
  createdAt: c.createdAt.toISOString(),
});

async function recentDonations(db: DbExecutor, causeId: string): Promise<RecentDonation[]> {
  const rows = await db
    .select()
    .from(donations)
    .where(eq(donations.causeId, causeId))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(RECENT_DONATIONS);
  return rows.map((d) => ({
    id: d.id,
    donorName: d.anonymous ? null : d.donorName || null,
    amountMinor: d.amountMinor,
    currency: d.currency as Currency,
    createdAt: d.createdAt.toISOString(),
    testMode: d.testMode,
  }));
}

async function toDetail(db: DbExecutor, c: CauseRow): Promise<CauseDetail> {
  return {
    ...toSummary(c),
    story: c.story,
    suggestedAmountsMinor: c.suggestedAmountsMinor,
    recentDonations: await recentDonations(db, c.id),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** For a write: the caller's own NGO's cause only; another NGO's is simply not found (ADR 0020). */
async function findOwnCause(db: DbExecutor, tenant: Tenant, causeId: string, lock = false) {
  const query = db
    .select()
    .from(causes)
    .where(and(eq(causes.id, causeId), tenant.ownedBy(causes.ngoId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function listCauses(db: DbExecutor, tenant: Tenant): Promise<CauseList> {
  const rows = await db
    .select()
    .from(causes)
    .where(tenant.ownedBy(causes.ngoId))
    .orderBy(desc(causes.createdAt), desc(causes.id));
  return rows.map(toSummary);
}

/** By id: the caller's own NGO's cause, or any NGO's for a cross-tenant reader (ADR 0020). */
export async function getCause(db: DbExecutor, tenant: Tenant, causeId: string): Promise<CauseDetail> {
  const [row] = await db
    .select()
    .from(causes)
    .where(and(eq(causes.id, causeId), tenant.readable(causes.ngoId)))
    .limit(1);
  if (!row) throw notFound();
  return toDetail(db, row);
}

export async function createCause(
  db: DbExecutor,
  tenant: Tenant,
  createdBy: string,
  body: CreateCauseValues,
): Promise<CauseDetail> {
  const [row] = await db
    .insert(causes)
    .values({ id: newId(), ngoId: tenant.ngoId, createdBy, ...body })
    .returning();
  return toDetail(db, row!);
}

async function hasPayments(db: DbExecutor, causeId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.causeId, causeId))
    .limit(1);
  return Boolean(row);
}

export async function updateCause(
  db: DbExecutor,
  tenant: Tenant,
  causeId: string,
  body: UpdateCauseValues,
): Promise<CauseDetail> {
  const current = await findOwnCause(db, tenant, causeId, true);
  const currency = body.currency ?? (current.currency as Currency);
  if (body.currency && body.currency !== current.currency && (await hasPayments(db, causeId))) {
    throw new ApiError(409, 'The currency cannot change once the cause has received donations.');
  }
  // Checked against the stored currency too: a new currency with the old suggestions.
  const suggested = body.suggestedAmountsMinor ?? current.suggestedAmountsMinor;
  if (suggested.some((a) => a > donationMaxMinor(currency))) {
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { suggestedAmountsMinor: 'A suggested amount is above the largest donation accepted.' },
    });
  }
  const [row] = await db
    .update(causes)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(causes.id, causeId), tenant.ownedBy(causes.ngoId)))
    .returning();
  return toDetail(db, row!);
}

export async function deleteCause(db: DbExecutor, tenant: Tenant, causeId: string): Promise<void> {
  await findOwnCause(db, tenant, causeId, true);
  // Donations and payment records are the NGO's accounts: they outlive nothing they point to.
  if (await hasPayments(db, causeId)) {
    throw new ApiError(409, 'This cause has received donations; set it to draft instead of deleting it.');
  }
  await db.delete(causes).where(and(eq(causes.id, causeId), tenant.ownedBy(causes.ngoId)));
}

/** The public view: published causes only; a draft is as unknown as a missing id. */
export async function getPublicCause(db: DbExecutor, causeId: string): Promise<PublicCause> {
  const [row] = await db
    .select({ cause: causes, ngoName: ngos.name })
    .from(causes)
    .innerJoin(ngos, eq(ngos.id, causes.ngoId))
    .where(and(eq(causes.id, causeId), eq(causes.status, 'published')))
    .limit(1);
  if (!row) throw notFound();
  const c = row.cause;
  return {
    id: c.id,
    title: c.title,
    story: c.story,
    ngoName: row.ngoName,
    goalMinor: c.goalMinor,
    raisedMinor: c.raisedMinor,
    currency: c.currency as Currency,
    donorCount: c.donorCount,
    imageUrl: c.imageUrl,
    endDate: c.endDate,
    suggestedAmountsMinor: c.suggestedAmountsMinor,
    acceptingDonations: acceptsDonations(c),
    maxDonationMinor: donationMaxMinor(c.currency as Currency),
    recentDonations: await recentDonations(db, c.id),
  };
}
