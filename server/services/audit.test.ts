import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema';
import { openForm, sendMedia } from '../routes/forms/forms.testing';
import { sweepUnclaimedMedia, UNCLAIMED_MEDIA_GRACE_MS } from '../routes/uploads/unclaimed-media';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestNgo, createTestUser } from '../testing/users';
import { recordAudit } from './audit';
import { fileUploadBackend } from './storage/upload-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entriesOf = (ngoId: string) => t.db.select().from(auditLog).where(eq(auditLog.ngoId, ngoId));

describe('recordAudit', () => {
  it('writes through the caller’s transaction: committed with it, rolled back with it', async () => {
    const ngoId = await createTestNgo(t, 'Audit Unit');
    const admin = await createTestUser(t, { ngoId, role: 'NGO_ADMIN', name: 'Ada Admin' });
    const entry = {
      ngoId,
      actorId: admin.id,
      action: 'member.role_changed',
      targetType: 'member',
      targetId: 'someone',
      details: { before: 'VIEWER', after: 'STAFF' },
    } as const;

    await t.db.transaction((tx) => recordAudit(tx, entry));
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, { ...entry, targetId: 'rolled-back' });
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');

    const rows = await entriesOf(ngoId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada Admin',
      action: 'member.role_changed',
      targetType: 'member',
      targetId: 'someone',
      details: { before: 'VIEWER', after: 'STAFF' },
    });
    expect(rows[0]!.id).toMatch(/^[0-9a-z]{26}$/);

    // The name is a snapshot: the entry still reads once the account is gone.
    await t.db.delete(users).where(eq(users.id, admin.id));
    const [after] = await entriesOf(ngoId);
    expect(after).toMatchObject({ actorId: null, actorName: 'Ada Admin' });
  });

  it('records the system as a null actor with no name', async () => {
    const ngoId = await createTestNgo(t, 'Audit System');
    await recordAudit(t.db, {
      ngoId,
      actorId: null,
      action: 'file.trashed_unclaimed',
      targetType: 'file',
      targetId: 'f1',
    });
    expect(await entriesOf(ngoId)).toEqual([
      expect.objectContaining({ actorId: null, actorName: null, details: {} }),
    ]);
  });
});

describe('the unclaimed response files sweep', () => {
  it('leaves one system entry per file it trashed', async () => {
    const ngoId = await createTestNgo(t, 'Audit Sweep');
    const admin = await createTestUser(t, { ngoId, role: 'NGO_ADMIN' });
    const form = await openForm(t, admin, 'Audit sweep check');
    const size = 500;
    const res = await sendMedia(t, form, randomUUID(), 'lost.bin', size, new Uint8Array(size).fill(7));
    expect(res.status, await res.clone().text()).toBe(201);
    const fileId = res.headers.get('upload-file-id')!;

    const backend = fileUploadBackend(join(t.env.DATA_DIR, 'uploads'), t.storage);
    const past = new Date(Date.now() + UNCLAIMED_MEDIA_GRACE_MS + 86_400_000);
    expect((await sweepUnclaimedMedia(t.db, backend, past)).trashed).toBeGreaterThanOrEqual(1);

    const rows = await entriesOf(ngoId);
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: null,
        actorName: null,
        action: 'file.trashed_unclaimed',
        targetType: 'file',
        targetId: fileId,
      }),
    ]);
    expect(rows[0]!.details).toHaveProperty('reason');
  });
});
