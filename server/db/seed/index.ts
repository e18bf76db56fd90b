import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '..';
import { blogs, grants, ngos, users } from '../schema';
import { hashPassword } from '../../services/auth/passwords';
import { newId } from '../../services/ids';
import type { FileStorage } from '../../services/storage/file-storage';
import { DEMO_NGO, DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';
import { buildSampleBlogs } from './sample-blogs';
import { seedSampleCauses } from './sample-causes';
import { seedSampleFiles } from './sample-files';
import { seedSampleForms } from './sample-forms';
import { keepDemoWithinPlan, seedSampleMembers } from './sample-members';
import { buildSampleGrants } from './sample-grants';
import { seedSampleActivity } from './sample-activity';
import { seedSampleTasks } from './sample-tasks';
import { seedSampleChat } from './sample-chat';
import { seedSampleTickets } from './sample-tickets';
import { seedSampleDocuments } from './sample-documents';
import { seedSampleCampaigns } from './sample-campaigns';

export { DEMO_NGO, DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';

// Any constant works; it only has to be the same for every process that seeds.
const SEED_LOCK_KEY = 7_202_604_151;

async function demoNgoExists(db: Pick<Database, 'select'>): Promise<boolean> {
  const [row] = await db
    .select({ id: ngos.id })
    .from(ngos)
    .where(and(eq(ngos.name, DEMO_NGO.name), eq(ngos.isSample, true)))
    .limit(1);
  return Boolean(row);
}

/**
 * Adds the demo organisation, its seven accounts (plus a deactivated former member and a pending
 * invitation), the sample grants and blogs, all marked isSample, and the subscription its members
 * need to fit its plan (sample-members.ts keepDemoWithinPlan). Idempotent: once the demo organisation
 * exists only missing samples are added (so sample rows a super admin deleted stay deleted), and it
 * answers `seeded: false`.
 */
export async function seedDemoData(
  db: Database,
  options: { now?: Date; storage?: FileStorage } = {},
): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  const result = await seedDemoRows(db, now);
  // Files after the rows' transaction: their bytes go to the storage adapter, outside any transaction.
  if (options.storage) await addFilesToDemo(db, options.storage, now);
  return result;
}

async function seedDemoRows(db: Database, now: Date): Promise<{ seeded: boolean }> {
  // Cheap check first: the server calls this on every start, and argon2 is deliberately slow.
  if (await demoNgoExists(db)) {
    await addMissingSamplesToExistingDemo(db, now);
    return { seeded: false };
  }
  // One hash for all seven accounts: they share the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    // Two processes starting together (replicas on one PostgreSQL) must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await demoNgoExists(tx)) return { seeded: false };

    const ngoId = newId();
    await tx.insert(ngos).values({ id: ngoId, ...DEMO_NGO, isSample: true, createdAt: now });
    await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          id: newId(),
          ngoId,
          name: u.name,
          email: u.email,
          passwordHash,
          role: u.role,
          emailVerifiedAt: now,
          createdAt: now,
        })),
      )
      // A real account that already took a demo address keeps it; the demo simply lacks that login.
      .onConflictDoNothing({ target: users.email });
    await tx
      .insert(grants)
      .values(buildSampleGrants(now).map((g) => ({ id: newId(), ...g, createdAt: now })));
    await tx.insert(blogs).values(buildSampleBlogs(now).map((b) => ({ id: newId(), ...b, createdAt: now })));
    await seedSampleCauses(tx, ngoId, now);
    await seedSampleForms(tx, ngoId, now);
    await seedSampleMembers(tx, ngoId, now, async () => passwordHash);
    await seedSampleTasks(tx, ngoId, now);
    await seedSampleChat(tx, ngoId, now);
    // After the chat: one ticket was made from a chat message.
    await seedSampleTickets(tx, ngoId, now);
    await seedSampleActivity(tx, ngoId, now);
    await keepDemoWithinPlan(tx, ngoId, now);
    // Last: its certificate's hours are the approved minutes the activity samples left.
    await seedSampleDocuments(tx, ngoId, now);
    await seedSampleCampaigns(tx, ngoId, now);
    return { seeded: true };
  });
}

/** The demo NGO's sample files, once (seedSampleFiles: none while it has any file or folder). */
async function addFilesToDemo(db: Database, storage: FileStorage, now: Date) {
  const [demo] = await db
    .select({ id: ngos.id })
    .from(ngos)
    .where(and(eq(ngos.name, DEMO_NGO.name), eq(ngos.isSample, true)))
    .limit(1);
  if (demo) await seedSampleFiles(db, storage, demo.id, now);
}

/**
 * A demo seeded before causes, forms or staff management existed gets those samples once (none while
 * it has any of its own), and a demo whose seeded subscription lapsed gets it renewed, so the demo
 * always fits its plan's member limit.
 */
async function addMissingSamplesToExistingDemo(db: Database, now: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [demo] = await tx
      .select({ id: ngos.id })
      .from(ngos)
      .where(and(eq(ngos.name, DEMO_NGO.name), eq(ngos.isSample, true)))
      .limit(1);
    if (!demo) return;
    await seedSampleCauses(tx, demo.id, now);
    await seedSampleForms(tx, demo.id, now);
    // Hashed only if the sample member is added: argon2 is deliberately slow, and this runs every start.
    await seedSampleMembers(tx, demo.id, now, () => hashPassword(DEMO_PASSWORD));
    await seedSampleTasks(tx, demo.id, now);
    await seedSampleChat(tx, demo.id, now);
    await seedSampleTickets(tx, demo.id, now);
    await seedSampleActivity(tx, demo.id, now);
    await keepDemoWithinPlan(tx, demo.id, now);
    await seedSampleDocuments(tx, demo.id, now);
    await seedSampleCampaigns(tx, demo.id, now);
  });
}
