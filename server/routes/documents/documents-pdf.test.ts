import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  LETTER_TEMPLATE_MAX,
  documentSettings as settingsSchema,
  documentVerification,
  formatCode,
  type IssuedDocument,
} from '../../../contract/documents';
import { auditLog, documentSettings, files, users, volunteerDocuments } from '../../db/schema';
import { DEMO_NGO, seedDemoData } from '../../db/seed';
import { SAMPLE_DOCUMENT_SETTINGS } from '../../db/seed/sample-documents';
import { storeFileAs } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { newDocumentCode } from './document-code';
import { VERIFY_LIMIT_PER_MINUTE } from './documents.routes';
import { downloadPdf, insertReport, issue, pdfText, readPdf } from './documents.testing';

let t: TestApp;
let ngoA: string;
let admin: TestUser;
let volunteer: TestUser;
let otherAdmin: TestUser;
/** A certificate of 3.25 hours (195 minutes) over the first half of 2026. */
let cert: IssuedDocument;

/** Each test looks codes up from its own address, so one test's count never trips another's limit. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const verify = (code: string, ip: string) =>
  call(t.app, 'GET', `/api/documents/verify/${encodeURIComponent(code)}`, undefined, undefined, from(ip));

async function pngBytes() {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#0a6650' } })
    .png()
    .toBuffer();
}

const putSettings = (user: TestUser, body: Record<string, unknown>) =>
  call(
    t.app,
    'PUT',
    '/api/documents/settings',
    {
      letterTemplate: 'Dear reader, {{name}}.',
      signerName: 'Ann Chair',
      signerTitle: 'Chair',
      logoFileId: null,
      ...body,
    },
    user.token,
  );

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  ngoA = await createTestNgo(t, 'Amahoro Relief');
  admin = await createTestUser(t, { ngoId: ngoA, role: 'NGO_ADMIN', name: 'Nadia Admin' });
  volunteer = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Grace Mukamana' });
  const ngoB = await createTestNgo(t, 'Other Aid');
  otherAdmin = await createTestUser(t, { ngoId: ngoB, role: 'ADMIN' });
  await insertReport(t, volunteer, '2026-01-01', 30);
  await insertReport(t, volunteer, '2026-03-10', 120);
  await insertReport(t, volunteer, '2026-06-30', 45);
  await insertReport(t, volunteer, '2026-07-01', 600);
  await insertReport(t, volunteer, '2026-04-01', 600, 'pending');
  cert = await issue(t, admin, {
    volunteerId: volunteer.id,
    kind: 'certificate',
    periodFrom: '2026-01-01',
    periodTo: '2026-06-30',
  });
});
afterAll(() => t.close());

describe('the PDF', () => {
  it('is a small one-page PDF that prints the name, NGO, hours, period and code', async () => {
    const { res, bytes } = await downloadPdf(t, volunteer, cert.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="certificate-${formatCode(cert.code)}.pdf"`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(200 * 1024);
    const { text, pages } = await readPdf(bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Grace Mukamana');
    expect(text).toContain('Amahoro Relief');
    expect(text).toContain('3.25 hours');
    expect(text).toContain('1 January 2026 – 30 June 2026');
    expect(text).toContain(formatCode(cert.code));
    // The address the QR code holds, printed for those who cannot scan: the app's public URL.
    expect(text).toContain(`http://localhost:3000/verify/${formatCode(cert.code)}`);
    expect(text).not.toContain('REVOKED');
  });

  it('a letter prints its merged text, with no merge field left', async () => {
    expect(
      (
        await putSettings(admin, {
          letterTemplate:
            'To whom it may concern,\n\n{{name}} gave {{hours}} hours to {{ngo}} during {{period}}.',
        })
      ).status,
    ).toBe(200);
    const letter = await issue(t, admin, {
      volunteerId: volunteer.id,
      kind: 'letter',
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
    });
    const { res, bytes } = await downloadPdf(t, admin, letter.id);
    expect(res.headers.get('content-disposition')).toContain(`letter-${formatCode(letter.code)}.pdf`);
    const text = await pdfText(bytes);
    expect(text).toContain(
      'Grace Mukamana gave 3.25 hours to Amahoro Relief during 1 January 2026 – 30 June 2026.',
    );
    expect(text).toContain('Ann Chair');
    expect(text).not.toContain('{{');
  });

  it('a letter of the longest template still fits one page', async () => {
    const paragraph = '{{name}} helped at every distribution and trained new volunteers with patience. ';
    let template = '';
    while (template.length + paragraph.length + 2 <= LETTER_TEMPLATE_MAX) template += `${paragraph}\n\n`;
    expect((await putSettings(admin, { letterTemplate: template.trim() })).status).toBe(200);
    const letter = await issue(t, admin, {
      volunteerId: volunteer.id,
      kind: 'letter',
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
    });
    const { bytes } = await downloadPdf(t, volunteer, letter.id);
    const { text, pages } = await readPdf(bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Grace Mukamana helped at every distribution');
    expect(text).toContain(formatCode(letter.code));
  });

  it('a revoked document still downloads, marked revoked', async () => {
    const doc = await issue(t, admin, {
      volunteerId: volunteer.id,
      kind: 'certificate',
      periodFrom: '2026-02-01',
      periodTo: '2026-02-28',
    });
    await call(t.app, 'POST', `/api/documents/${doc.id}/revoke`, { reason: 'Wrong period' }, admin.token);
    const { res, bytes } = await downloadPdf(t, volunteer, doc.id);
    expect(res.status).toBe(200);
    expect(await pdfText(bytes)).toContain('REVOKED');
  });

  it('prints a name Helvetica cannot spell without failing', async () => {
    const other = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Łucja Nguyễn 🌱' });
    const doc = await issue(t, admin, {
      volunteerId: other.id,
      kind: 'certificate',
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
    });
    const { res, bytes } = await downloadPdf(t, other, doc.id);
    expect(res.status).toBe(200);
    expect(await pdfText(bytes)).toContain('Nguyen');
  });
});

describe('settings and the logo', () => {
  it('answers the defaults before any are saved', async () => {
    const ngo = await createTestNgo(t, 'Fresh Trust');
    const viewer = await createTestUser(t, { ngoId: ngo, role: 'VIEWER' });
    const res = await call(t.app, 'GET', '/api/documents/settings', undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(settingsSchema.parse(res.body)).toMatchObject({
      signerName: '',
      logoFileId: null,
      updatedAt: null,
    });
    expect(res.body.letterTemplate).toContain('{{name}}');
  });

  it('refuses an unknown merge field, naming letterTemplate', async () => {
    const res = await putSettings(admin, {
      letterTemplate: 'Dear {{firstname}}, thanks for {{hours}} hours.',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('letterTemplate');
  });

  it('refuses a logo of another NGO, not a picture, or in the trash, naming logoFileId', async () => {
    const foreign = await storeFileAs(t, otherAdmin, 'logo.png', await pngBytes());
    const text = await storeFileAs(t, admin, 'notes.txt', 'Not a picture');
    const trashed = await storeFileAs(t, admin, 'old-logo.png', await pngBytes());
    await t.db.update(files).set({ deletedAt: new Date() }).where(eq(files.id, trashed.id));
    for (const id of [foreign.id, text.id, trashed.id, 'no-such-file']) {
      const res = await putSettings(admin, { logoFileId: id });
      expect(res.status, id).toBe(400);
      expect(res.body.fields).toHaveProperty('logoFileId');
    }
  });

  it('draws a PNG logo instead of the initials, and the PDF stays valid and small', async () => {
    const image = /\/Subtype\s*\/Image/;
    const before = await downloadPdf(t, admin, cert.id);
    expect(new TextDecoder('latin1').decode(before.bytes)).not.toMatch(image);
    const logo = await storeFileAs(t, admin, 'logo.png', await pngBytes());
    const saved = await putSettings(admin, { logoFileId: logo.id });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ logoFileId: logo.id, signerName: 'Ann Chair' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.settings_changed'), eq(auditLog.targetId, ngoA)))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'document_settings' });
    const after = await downloadPdf(t, volunteer, cert.id);
    expect(after.res.status).toBe(200);
    expect(new TextDecoder('latin1').decode(after.bytes)).toMatch(image);
    expect(after.bytes.length).toBeLessThan(200 * 1024);
    expect(await pdfText(after.bytes)).toContain('Grace Mukamana');
    // Issued figures stay what they were, whatever the settings say now.
    expect(await pdfText(after.bytes)).not.toContain('Ann Chair');
  });
});

describe('public verification', () => {
  it('shows a valid document’s figures, never cached', async () => {
    const res = await verify(cert.code, '10.0.0.1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(documentVerification.parse(res.body)).toEqual({
      code: cert.code,
      kind: 'certificate',
      status: 'valid',
      volunteerName: 'Grace Mukamana',
      ngoName: 'Amahoro Relief',
      role: 'Volunteer',
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
      minutes: 195,
      signerName: '',
      signerTitle: '',
      issuedAt: cert.issuedAt,
      revokedAt: null,
    });
  });

  it('takes the code in lower case, without its dash, or with spaces', async () => {
    for (const typed of [
      cert.code.toLowerCase(),
      formatCode(cert.code).toLowerCase(),
      ` ${formatCode(cert.code)} `,
    ]) {
      const res = await verify(typed, '10.0.0.2');
      expect(res.status, typed).toBe(200);
      expect(res.body.code).toBe(cert.code);
    }
  });

  it('tells a mistyped code (one character changed) from an unknown one, both 404', async () => {
    for (const position of [0, 4, 9]) {
      const original = cert.code[position]!;
      const changed = CODE_ALPHABET[(CODE_ALPHABET.indexOf(original) + 1) % CODE_ALPHABET.length]!;
      const tampered = cert.code.slice(0, position) + changed + cert.code.slice(position + 1);
      const res = await verify(tampered, '10.0.0.3');
      expect(res.status, tampered).toBe(404);
      expect(res.body).toMatchObject({ code: 'code_mistyped' });
      expect(String(res.body.message)).toMatch(/mistyped/i);
    }
    const unknown = await verify(newDocumentCode(), '10.0.0.3');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'No document has this code.' });
    const short = await verify('ABC', '10.0.0.3');
    expect(short.status).toBe(404);
    const long = await verify('A'.repeat(21), '10.0.0.3');
    expect(long.status).toBe(400);
  });

  it('shows a revoked document as revoked (200)', async () => {
    const doc = await issue(t, admin, {
      volunteerId: volunteer.id,
      kind: 'certificate',
      periodFrom: '2026-03-01',
      periodTo: '2026-03-31',
    });
    await call(t.app, 'POST', `/api/documents/${doc.id}/revoke`, { reason: 'Duplicate' }, admin.token);
    const res = await verify(doc.code, '10.0.0.4');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'revoked', minutes: 120 });
    expect(res.body.revokedAt).toEqual(expect.any(String));
  });

  it(`answers 429 past ${VERIFY_LIMIT_PER_MINUTE} look-ups a minute from one address`, async () => {
    for (let i = 0; i < VERIFY_LIMIT_PER_MINUTE; i++) {
      expect((await verify(i % 2 ? cert.code : 'NOTACODE00', '10.0.0.5')).status).not.toBe(429);
    }
    const tripped = await verify(cert.code, '10.0.0.5');
    expect(tripped.status).toBe(429);
    expect(Number(tripped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await verify(cert.code, '10.0.0.6')).status).toBe(200);
  });
});

describe('the demo seed', () => {
  it('issues the demo volunteer one certificate of their approved hours this year, once', async () => {
    const now = new Date();
    await seedDemoData(t.db, { now });
    await seedDemoData(t.db, { now });
    const [demoVolunteer] = await t.db.select().from(users).where(eq(users.email, 'volunteer@demo.ngo'));
    const docs = await t.db
      .select()
      .from(volunteerDocuments)
      .where(eq(volunteerDocuments.volunteerId, demoVolunteer!.id));
    expect(docs).toHaveLength(1);
    const today = now.toISOString().slice(0, 10);
    const [sum] = (
      await t.db.execute<{ minutes: number | string | null }>(sql`
        select coalesce(sum(minutes), 0) as minutes from activity_reports
        where volunteer_id = ${demoVolunteer!.id} and status = 'approved'
          and date between ${`${today.slice(0, 4)}-01-01`} and ${today}`)
    ).rows;
    expect(docs[0]).toMatchObject({
      kind: 'certificate',
      ngoName: DEMO_NGO.name,
      periodFrom: `${today.slice(0, 4)}-01-01`,
      periodTo: today,
      minutes: Number(sum!.minutes),
      issuedByName: 'Nadia Uwase',
      signerName: SAMPLE_DOCUMENT_SETTINGS.signerName,
      revokedAt: null,
    });
    const [saved] = await t.db
      .select()
      .from(documentSettings)
      .where(eq(documentSettings.ngoId, demoVolunteer!.ngoId));
    expect(saved).toMatchObject(SAMPLE_DOCUMENT_SETTINGS);
  });
});
