import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Database } from '..';
import { files, folders, users } from '../schema';
import { ApiError } from '../../services/api-error';
import { tenantOf } from '../../services/auth/tenant-scope';
import type { FileStorage } from '../../services/storage/file-storage';
import { createFolder, uploadSmallFile, type Caller } from '../../routes/files/files.service';

export const DEMO_FOLDER_NAME = 'Demo files';

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 32×32 RGB picture (a water-blue gradient with a sun), made here so the seed ships no binary. */
export function samplePng(): Buffer {
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) {
      const sun = (x - 23) ** 2 + (y - 8) ** 2 < 25;
      rows.push(...(sun ? [250, 204, 21] : [20 + y * 3, 110 + y * 3, 200 + Math.floor(y / 2)]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF written by hand, its cross-reference offsets counted as it is built. */
export function samplePdf(): Buffer {
  const text = 'BT /F1 18 Tf 72 720 Td (Field visit report - Nyamata, March) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export function sampleFiles(): { name: string; bytes: Buffer }[] {
  return [
    { name: 'Borehole site.png', bytes: samplePng() },
    {
      name: 'Volunteer hours by district.csv',
      bytes: Buffer.from(
        'district,volunteers,hours\nBugesera,14,212\nGasabo,22,340\nKicukiro,9,118\nNyamata,17,265\n',
      ),
    },
    {
      name: 'Read me.txt',
      bytes: Buffer.from(
        'These sample files show how the NGO’s Cloud Storage works: folders, uploads, downloads and the trash.\n' +
          'Delete them whenever you like; they are not added again.\n',
      ),
    },
    { name: 'Field visit report.pdf', bytes: samplePdf() },
  ];
}

/**
 * A 'Demo files' folder with a few sample files for the demo NGO, stored through the adapter and
 * counted in its usage like any upload (it goes through the same service). Only for an NGO that has
 * no folder and no file at all, the trash included, like the sample causes: what a user deletes stays
 * deleted, and a demo emptied for good is seeded afresh at the next start. A second process seeding
 * at the same time meets the folder name's uniqueness and stops.
 */
export async function seedSampleFiles(db: Database, storage: FileStorage, ngoId: string, now: Date) {
  const [anyFolder] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(eq(folders.ngoId, ngoId))
    .limit(1);
  const [anyFile] = await db.select({ id: files.id }).from(files).where(eq(files.ngoId, ngoId)).limit(1);
  if (anyFolder || anyFile) return;
  const [owner] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.role, 'NGO_ADMIN')))
    .limit(1);
  if (!owner) return;
  const caller: Caller = {
    tenant: tenantOf({ ngoId, role: owner.role }),
    userId: owner.id,
    role: owner.role,
  };
  let folderId: string;
  try {
    folderId = (await createFolder(db, caller, { name: DEMO_FOLDER_NAME })).id;
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return;
    throw err;
  }
  for (const file of sampleFiles()) {
    await uploadSmallFile(
      db,
      storage,
      caller,
      { name: file.name, folderId, declared: file.bytes.length, body: new Blob([file.bytes]).stream() },
      now,
    );
  }
}
