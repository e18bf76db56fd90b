import { z } from 'zod';
import { querySearch, sortOrders } from './content-common';
import { pageQuery } from './paging';
import { can } from './permissions';
import { opaqueId, text } from './storable';

/*
 * The file layer's metadata (issue 13): an NGO's folders and files, the trash and the usage total.
 * Bytes travel as raw request and response bodies; everything else is JSON.
 *
 * Endpoints (all under /api, bearer; another NGO's ids answer 404):
 * | Method | Path                          | Who                                   | Body / query            | Response            |
 * |--------|-------------------------------|---------------------------------------|-------------------------|---------------------|
 * | POST   | /files?name&folderId          | files:write                           | the bytes (≤ 10 MiB)    | 201 storageItem     |
 * | GET    | /files?folderId&search&sortBy | files:read                            | listQuery (paged)       | 200 storageItem[]   |
 * | GET    | /files/usage                  | files:read                            | –                       | 200 storageUsage    |
 * | GET    | /files/trash                  | files:read                            | trashQuery (paged)      | 200 storageItem[]   |
 * | DELETE | /files/trash                  | files:delete-own                      | –                       | 200 emptiedTrash    |
 * | GET    | /files/{fileId}               | files:read (SUPER_ADMIN: any NGO)     | –                       | 200 storageItem     |
 * | GET    | /files/{fileId}/content       | files:read (SUPER_ADMIN: any NGO)     | Range, If-None-Match    | 200/206/304/416     |
 * | PATCH  | /files/{fileId}               | owner with files:write, files:manage  | updateFileBody          | 200 storageItem     |
 * | DELETE | /files/{fileId}               | owner, files:manage                   | –                       | 200 storageItem     |
 * | POST   | /files/{fileId}/restore       | owner, files:manage                   | –                       | 200 storageItem     |
 * | DELETE | /files/trash/{fileId}         | owner, files:manage                   | –                       | 204                 |
 * | POST   | /folders                      | files:write                           | createFolderBody        | 201 storageItem     |
 * | GET    | /folders?parentId             | files:read                            | folderListQuery (paged) | 200 storageItem[]   |
 * | GET    | /folders/{folderId}           | files:read (SUPER_ADMIN: any NGO)     | –                       | 200 folderDetail    |
 * | PATCH  | /folders/{folderId}           | owner with files:write, files:manage  | updateFolderBody        | 200 storageItem     |
 * | DELETE | /folders/{folderId}           | owner of all inside, files:manage     | –                       | 200 storageItem     |
 * | POST   | /folders/{folderId}/restore   | owner, files:manage                   | –                       | 200 storageItem     |
 * | DELETE | /folders/trash/{folderId}     | owner of all inside, files:manage     | –                       | 204                 |
 *
 * Names are unique among the live items (files and folders) of one folder: a clash is a 409.
 */

/**
 * The content types the server makes a thumbnail of (server/services/storage/thumbnails.ts): raster
 * pictures, and a PDF's first page. The client asks for thumbnails of these only.
 */
export const THUMBNAIL_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

/** The single-request upload's limit; larger files take the resumable (tus) path. */
export const SMALL_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Items stay this long in the trash, restorable, before the purge removes them and frees their bytes. */
export const TRASH_RETENTION_DAYS = 30;
export const NAME_MAX_CHARS = 255;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/u;
// Bidirectional overrides and isolates: 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf'.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;

/**
 * Why a file or folder name is refused, or null. Names are one path segment: never a separator or a
 * '.'/'..' step, so no name can be read as a path by any tool that meets it later (an export, a zip,
 * a sync client); never a control character or a direction override, which hide what a name says.
 */
export function nameProblem(label: string, name: string): string | null {
  if (name === '') return `${label} is required.`;
  if ([...name].length > NAME_MAX_CHARS)
    return `${label} is too long (${NAME_MAX_CHARS} characters at most).`;
  if (name.includes('/') || name.includes('\\')) return `${label} cannot contain / or \\.`;
  if (name === '.' || name === '..') return `${label} cannot be . or ..`;
  if (CONTROL_CHARACTERS.test(name))
    return `${label} cannot contain control characters (such as tabs or line breaks).`;
  if (BIDI_CONTROLS.test(name)) return `${label} cannot contain characters that reverse the text direction.`;
  return null;
}

/**
 * A file or folder name: Unicode NFC (so 'é' typed two ways is one name), trimmed, then checked by
 * nameProblem.
 */
export const itemName = (label: string) =>
  text(label)
    .transform((v) => v.normalize('NFC').trim())
    .superRefine((v, ctx) => {
      const problem = nameProblem(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** An optional folder id: blank or absent means the NGO's root. */
const rootOrFolder = (label: string) =>
  text(label)
    .trim()
    .max(64, `${label} is too long (64 characters at most).`)
    .optional()
    .transform((v) => v || undefined);

export const fileIdParams = z.object({ fileId: opaqueId('File id') });
export const folderIdParams = z.object({ folderId: opaqueId('Folder id') });

export const itemKinds = ['folder', 'file'] as const;
export type ItemKind = (typeof itemKinds)[number];

/** A folder or a file, as every listing, the trash and the writes answer it. */
export const storageItem = z.object({
  kind: z.enum(itemKinds),
  id: z.string(),
  name: z.string(),
  /** The folder it is in; null at the root. */
  folderId: z.string().nullable(),
  /** Who uploaded the file or made the folder. */
  ownerId: z.string(),
  ownerName: z.string(),
  /** Files only (null for folders). */
  sizeBytes: z.number().int().nullable(),
  /** Sniffed from the bytes at upload; files only. */
  contentType: z.string().nullable(),
  /** SHA-256 of the bytes, hex; the download's ETag. Files only. */
  sha256: z.string().nullable(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it went to the trash; null while live. */
  deletedAt: z.string().nullable(),
});
export type StorageItem = z.infer<typeof storageItem>;
export const storageItemList = z.array(storageItem);

/** GET /folders/{folderId}: the folder and its breadcrumbs, root first, ending with the folder itself. */
export const folderDetail = storageItem.extend({
  path: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type FolderDetail = z.infer<typeof folderDetail>;

export const listSortFields = ['name', 'created', 'size'] as const;
export type ListSortField = (typeof listSortFields)[number];

const sortOrder = z
  .enum(['', ...sortOrders], { error: 'Sort order must be asc or desc.' })
  .optional()
  .transform((v) => v || undefined);

/**
 * GET /files: a folder's folders, then its files. sortBy name (default, ascending), created or size
 * (newest and largest first by default); folders come first whatever the order, sorted by name when
 * the order is by size. `search` keeps the items of this folder whose name contains it (any case).
 */
const listFields = {
  folderId: rootOrFolder('Folder id'),
  search: querySearch,
  sortBy: z
    .enum(['', ...listSortFields], { error: `Sort by one of: ${listSortFields.join(', ')}.` })
    .optional()
    .transform((v): ListSortField => v || 'name'),
  sortOrder,
};
export const listQuery = z.object({ ...listFields, ...pageQuery.shape });
export type ListQuery = z.input<typeof listQuery>;
export type ListFilters = Omit<z.output<typeof listQuery>, 'limit' | 'cursor'>;

/** GET /folders: the folders of a folder (a move dialog's tree), by name. */
export const folderListQuery = z.object({
  parentId: rootOrFolder('Parent folder id'),
  search: querySearch,
  ...pageQuery.shape,
});

/** GET /files/trash: what is in the trash, most recently deleted first. */
export const trashQuery = z.object({ search: querySearch, ...pageQuery.shape });

/** POST /files: the name and place of the uploaded bytes (the body). */
export const uploadQuery = z.object({
  name: itemName('Name'),
  folderId: rootOrFolder('Folder id'),
});

const nullableFolderId = (label: string) =>
  opaqueId(label).nullable().describe('A folder id; null for the root.');

export const createFolderBody = z.object({
  name: itemName('Name'),
  parentId: nullableFolderId('Parent folder id').optional(),
});
export type CreateFolderBody = z.input<typeof createFolderBody>;

const somethingToChange = {
  message: 'Send a new name, a new folder, or both.',
  path: ['name'],
};

/** PATCH /folders/{folderId}: rename, move (parentId; null is the root), or both. */
export const updateFolderBody = z
  .object({ name: itemName('Name').optional(), parentId: nullableFolderId('Parent folder id').optional() })
  .refine((b) => b.name !== undefined || b.parentId !== undefined, somethingToChange);
export type UpdateFolderBody = z.input<typeof updateFolderBody>;

/** PATCH /files/{fileId}: rename, move (folderId; null is the root), or both. */
export const updateFileBody = z
  .object({ name: itemName('Name').optional(), folderId: nullableFolderId('Folder id').optional() })
  .refine((b) => b.name !== undefined || b.folderId !== undefined, somethingToChange);
export type UpdateFileBody = z.input<typeof updateFileBody>;

/** GET /files/usage: bytes used (the trash included), held by uploads in flight, and the plan's limit. */
export const storageUsage = z.object({
  usedBytes: z.number().int(),
  reservedBytes: z.number().int(),
  limitBytes: z.number().int(),
  planId: z.string(),
  planName: z.string(),
});
export type StorageUsageAnswer = z.infer<typeof storageUsage>;

/** DELETE /files/trash: how many trashed items the caller could and did remove. */
export const emptiedTrash = z.object({ removed: z.number().int(), freedBytes: z.number().int() });

/** Rename or move an item: its owner while they may write, or a files manager. */
export const mayChangeItem = (role: string, userId: string, ownerId: string) =>
  can(role, 'files:manage') || (ownerId === userId && can(role, 'files:write'));

/** Trash, restore or purge an item: its owner, or a files manager. */
export const mayRemoveItem = (role: string, userId: string, ownerId: string) =>
  can(role, 'files:manage') || (ownerId === userId && can(role, 'files:delete-own'));
