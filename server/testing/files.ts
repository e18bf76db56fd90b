import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { StorageItem } from '../../contract/files';
import { files } from '../db/schema';
import { tenantOf } from '../services/auth/tenant-scope';
import { uploadSmallFile } from '../routes/files/files.service';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

/**
 * POST /api/files with raw bytes, as a browser's fetch(file) sends them. `declared` sets a
 * Content-Length other than the body's (a lying client); null sends none.
 */
export async function uploadFile(
  t: TestApp,
  token: string | undefined,
  name: string,
  bytes: Uint8Array | string,
  options: { folderId?: string; declared?: number | null; headers?: Record<string, string> } = {},
) {
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const query = new URLSearchParams({ name, ...(options.folderId && { folderId: options.folderId }) });
  const declared = options.declared === undefined ? body.length : options.declared;
  const res = await t.app.request(`/api/files?${query}`, {
    method: 'POST',
    body,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(declared !== null && { 'content-length': String(declared) }),
      ...options.headers,
    },
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : undefined) as StorageItem & {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    },
  };
}

/** A file owned by `user` whatever their role may do through the API (a former uploader). */
export async function storeFileAs(
  t: TestApp,
  user: TestUser,
  name: string,
  bytes: Uint8Array | string,
  folderId: string | null = null,
): Promise<StorageItem> {
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return uploadSmallFile(
    t.db,
    t.storage,
    { tenant: tenantOf(user), userId: user.id, role: user.role },
    { name, folderId, declared: body.length, body: new Blob([body]).stream() },
  );
}

/** GET /api/files/{id}/content with optional headers; the body as bytes. */
export async function download(
  t: TestApp,
  token: string,
  fileId: string,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(`/api/files/${fileId}/content`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The objects the local-disk storage holds for an NGO (temporary `.part` files included). */
export function storedObjects(t: TestApp, ngoId: string): string[] {
  try {
    return readdirSync(join(t.storageDir, ngoId));
  } catch {
    return [];
  }
}

export async function fileRowsOf(t: TestApp, ngoId: string) {
  return t.db.select().from(files).where(eq(files.ngoId, ngoId));
}
