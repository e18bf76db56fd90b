import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  mayChangeItem,
  mayRemoveItem,
  type FolderDetail,
  type ItemKind,
  type ListFilters,
  type StorageItem,
  type StorageUsageAnswer,
} from '../../../contract/files';
import { can } from '../../../contract/permissions';
import type { PageQuery } from '../../../contract/paging';
import type { DbExecutor } from '../../db';
import { files, folders } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { isUniqueViolation } from '../../services/db-errors';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage, type SortKey } from '../../services/keyset-paging';
import { StorageSizeMismatch, type FileStorage } from '../../services/storage/file-storage';
import { byteInspector } from '../../services/storage/inspect-bytes';
import {
  folderTreeIds,
  purgeFileRow,
  purgeFolderRows,
  removeObjects,
  type Purged,
} from '../../services/storage/trash-purge';
import {
  releaseStorage,
  reserveStorage,
  settleUpload,
  storageUsageOf,
} from '../../services/storage/storage-quota';

/** Who is asking: their tenant scope, id and role (the per-item rules read the owner). */
export interface Caller {
  tenant: Tenant;
  userId: string;
  role: string;
}

const fileNotFound = () => new ApiError(404, 'File not found.');
const folderNotFound = () => new ApiError(404, 'Folder not found.');
const notFoundOf = (kind: ItemKind) => (kind === 'file' ? fileNotFound() : folderNotFound());
const notYours = () => new ApiError(403, 'Only its owner or an NGO admin can change this item.');

/** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/*
 * Every answer about an item is built by Postgres from one of these two JSON selects (contract
 * `storageItem`), so a listing, the trash, a read by id and a write's answer can never disagree.
 */
const folderJson = (where: SQL) => sql`
  select json_build_object('kind', 'folder', 'id', fo.id, 'name', fo.name, 'folderId', fo.parent_id,
    'ownerId', fo.created_by, 'ownerName', u.name, 'sizeBytes', null, 'contentType', null, 'sha256', null,
    'createdAt', ${iso('fo.created_at')}, 'updatedAt', ${iso('fo.updated_at')},
    'deletedAt', ${iso('fo.deleted_at')})::text
  from folders fo join users u on u.id = fo.created_by
  where ${where}`;

const fileJson = (where: SQL) => sql`
  select json_build_object('kind', 'file', 'id', fi.id, 'name', fi.name, 'folderId', fi.folder_id,
    'ownerId', fi.owner_id, 'ownerName', u.name, 'sizeBytes', fi.size_bytes,
    'contentType', fi.content_type, 'sha256', fi.sha256,
    'createdAt', ${iso('fi.created_at')}, 'updatedAt', ${iso('fi.updated_at')},
    'deletedAt', ${iso('fi.deleted_at')})::text
  from files fi join users u on u.id = fi.owner_id
  where ${where}`;

/*
 * A listing's rows carry only what its order and filters read; each part (folders, files) is cut to
 * the page in its own order, by name from its listing index (files_folder_name_idx,
 * folders_parent_name_idx), then merged and cut again, and only the page's rows are then written as
 * JSON (a correlated subquery, which Postgres evaluates after the sort and limit): the first page of a
 * folder of 5,000 files reads 26 index entries and writes 26 JSON objects.
 */
const folderKeys = (where: SQL) => sql`
  select 0 as kind_order, fo.id, fo.name, null::bigint as size_bytes, fo.created_at, fo.deleted_at
  from folders fo where ${where}`;

const fileKeys = (where: SQL) => sql`
  select 1 as kind_order, fi.id, fi.name, fi.size_bytes, fi.created_at, fi.deleted_at
  from files fi where ${where}`;

const entryItem = sql<string>`case when e.kind_order = 0 then (${folderJson(sql`fo.id = e.id`)})
  else (${fileJson(sql`fi.id = e.id`)}) end`;

const nameContains = (alias: 'fo' | 'fi', search: string | undefined) =>
  search ? sql` and strpos(lower(${sql.raw(alias)}.name), lower(${search})) > 0` : sql``;

async function itemOf(db: DbExecutor, kind: ItemKind, id: string): Promise<StorageItem> {
  const json = kind === 'folder' ? folderJson(sql`fo.id = ${id}`) : fileJson(sql`fi.id = ${id}`);
  const result = await db.execute<{ item: string }>(sql`select (${json}) as item`);
  const item = result.rows[0]?.item;
  if (!item) throw notFoundOf(kind);
  return JSON.parse(item) as StorageItem;
}

// ---------------------------------------------------------------------------------------------
// Folders as places

type ChainLink = {
  id: string;
  name: string;
  ngo_id: string;
  deleted: boolean;
};

/**
 * A folder and its ancestors, root first, when `scope` lets the caller see it (empty otherwise). The
 * walk is bounded, so even a corrupted tree cannot loop.
 */
async function folderChain(db: DbExecutor, scope: SQL | undefined, folderId: string): Promise<ChainLink[]> {
  const result = await db.execute<ChainLink>(sql`
    with recursive chain(id, parent_id, name, ngo_id, deleted_at, depth) as (
      select ${folders.id}, ${folders.parentId}, ${folders.name}, ${folders.ngoId}, ${folders.deletedAt}, 0
      from ${folders} where ${folders.id} = ${folderId}${scope ? sql` and ${scope}` : sql``}
      union all
      select f.id, f.parent_id, f.name, f.ngo_id, f.deleted_at, c.depth + 1
      from folders f join chain c on f.id = c.parent_id and f.ngo_id = c.ngo_id
      where c.depth < 1000
    )
    select id, name, ngo_id, deleted_at is not null as deleted from chain order by depth desc`);
  return result.rows;
}

/** The chain of a live folder of the caller's NGO (neither it nor an ancestor in the trash), else 404. */
export async function liveOwnFolder(db: DbExecutor, tenant: Tenant, folderId: string): Promise<ChainLink[]> {
  const chain = await folderChain(db, tenant.ownedBy(folders.ngoId), folderId);
  if (chain.length === 0 || chain.some((link) => link.deleted)) throw folderNotFound();
  return chain;
}

/** Whether a place (a folder, or the root) is live: restores go to the root when it is not. */
export async function isLivePlace(db: DbExecutor, tenant: Tenant, folderId: string | null): Promise<boolean> {
  if (folderId === null) return true;
  const chain = await folderChain(db, tenant.ownedBy(folders.ngoId), folderId);
  return chain.length > 0 && !chain.some((link) => link.deleted);
}

/** A signed 64-bit advisory lock key from a name. */
const lockKey = (name: string) => createHash('sha256').update(name).digest().readBigInt64BE(0).toString();

/**
 * Serialises writes that put a name into one folder (the transaction's end releases it): names are
 * unique across files and folders, which no single index can hold, so the check and the write happen
 * under this lock. The unique indexes still back each table on its own.
 */
export async function lockPlace(db: DbExecutor, ngoId: string, folderId: string | null) {
  await db.execute(sql`select pg_advisory_xact_lock(${lockKey(`files:${ngoId}:${folderId ?? ''}`)}::bigint)`);
}

/** Folder moves of one NGO, one at a time: two crossing moves could otherwise make a cycle. */
async function lockTree(db: DbExecutor, ngoId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${lockKey(`folders:${ngoId}`)}::bigint)`);
}

const nameTakenError = (name: string) =>
  new ApiError(409, `Something named “${name}” is already in that folder. Choose another name.`, {
    code: 'name_taken',
    fields: { name: 'This folder already has an item with this name.' },
  });

/** Throws a 409 when a live file or folder of the place has the name (besides `self`). */
async function assertNameFree(
  db: DbExecutor,
  ngoId: string,
  folderId: string | null,
  name: string,
  self?: { kind: ItemKind; id: string },
) {
  const notSelf = (kind: ItemKind, id: typeof files.id | typeof folders.id) =>
    self?.kind === kind ? ne(id, self.id) : undefined;
  const [folder] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.ngoId, ngoId),
        folderId === null ? isNull(folders.parentId) : eq(folders.parentId, folderId),
        eq(folders.name, name),
        isNull(folders.deletedAt),
        notSelf('folder', folders.id),
      ),
    )
    .limit(1);
  const [file] = folder
    ? [folder]
    : await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            eq(files.ngoId, ngoId),
            folderId === null ? isNull(files.folderId) : eq(files.folderId, folderId),
            eq(files.name, name),
            isNull(files.deletedAt),
            notSelf('file', files.id),
          ),
        )
        .limit(1);
  if (file) throw nameTakenError(name);
}

/**
 * Runs a write that places a name; a unique index's refusal (a race past the lock) is the same 409.
 * `name` is read after the write, which may only learn it from the row.
 */
async function placing<T>(
  db: DbExecutor,
  name: () => string,
  write: (tx: DbExecutor) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTakenError(name());
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The order of a folder's listing: folders first, then files, by the chosen key, the id last. */
function listKeys(f: Pick<ListFilters, 'sortBy' | 'sortOrder'>): SortKey[] {
  const kindFirst = sortKey(sql`e.kind_order`, 'numeric', 'asc');
  const byName = (dir: 'asc' | 'desc') => [
    sortKey(sql`lower(e.name)`, 'text', dir),
    sortKey(sql`e.name`, 'text', dir),
    sortKey(sql`e.id`, 'text', dir),
  ];
  switch (f.sortBy) {
    case 'created': {
      const dir = f.sortOrder ?? 'desc';
      return [kindFirst, sortKey(sql`e.created_at`, 'timestamptz', dir), sortKey(sql`e.id`, 'text', dir)];
    }
    case 'size':
      // Folders have no size (null, last in either direction), so among themselves they keep name order.
      return [
        kindFirst,
        sortKey(sql`e.size_bytes`, 'numeric', f.sortOrder ?? 'desc', true),
        ...byName('asc'),
      ];
    case 'name':
    default:
      return [kindFirst, ...byName(f.sortOrder ?? 'asc')];
  }
}

/**
 * One page of a folder's items (contract/paging.ts). The folder must be a live one of the caller's
 * NGO; lists never cross tenants (ADR 0020). `kinds` narrows it to folders for GET /folders.
 */
export async function listFolderPage(
  db: DbExecutor,
  tenant: Tenant,
  f: ListFilters,
  page: PageQuery,
  kinds: readonly ItemKind[] = ['folder', 'file'],
): Promise<JsonPage> {
  const folderId = f.folderId ?? null;
  if (folderId) await liveOwnFolder(db, tenant, folderId);
  const parts: SQL[] = [];
  if (kinds.includes('folder'))
    parts.push(
      folderKeys(
        sql`fo.ngo_id = ${tenant.ngoId} and fo.deleted_at is null and ${folderId ? sql`fo.parent_id = ${folderId}` : sql`fo.parent_id is null`}${nameContains('fo', f.search)}`,
      ),
    );
  if (kinds.includes('file'))
    parts.push(
      fileKeys(
        sql`fi.ngo_id = ${tenant.ngoId} and fi.deleted_at is null and ${folderId ? sql`fi.folder_id = ${folderId}` : sql`fi.folder_id is null`}${nameContains('fi', f.search)}`,
      ),
    );
  return readJsonPage(
    db,
    {
      unionOf: parts,
      where: undefined,
      item: entryItem,
      keys: listKeys(f),
    },
    // The tenant is part of what a cursor is bound to: another NGO's cursor is refused, not reused.
    { listing: `files:${kinds.join(',')}`, filters: { ...f, ngo: tenant.ngoId }, page, reuse: false },
  );
}

/** One page of the NGO's trash, most recently deleted first. */
export function listTrashPage(
  db: DbExecutor,
  tenant: Tenant,
  f: { search?: string | undefined },
  page: PageQuery,
): Promise<JsonPage> {
  return readJsonPage(
    db,
    {
      from: sql`(${folderKeys(sql`fo.ngo_id = ${tenant.ngoId} and fo.deleted_at is not null${nameContains('fo', f.search)}`)}
        union all ${fileKeys(sql`fi.ngo_id = ${tenant.ngoId} and fi.deleted_at is not null${nameContains('fi', f.search)}`)}) e`,
      where: undefined,
      item: entryItem,
      keys: [sortKey(sql`e.deleted_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')],
    },
    { listing: 'files:trash', filters: { ...f, ngo: tenant.ngoId }, page, reuse: false },
  );
}

/** A file's row by id: the caller's NGO's, or any NGO's for a cross-tenant reader (ADR 0020). */
export async function readableFile(db: DbExecutor, tenant: Tenant, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), tenant.readable(files.ngoId)))
    .limit(1);
  if (!row) throw fileNotFound();
  return row;
}

export async function getFile(db: DbExecutor, tenant: Tenant, fileId: string): Promise<StorageItem> {
  await readableFile(db, tenant, fileId);
  return itemOf(db, 'file', fileId);
}

/** A folder with its breadcrumbs; read by id, so a cross-tenant reader sees any NGO's (ADR 0020). */
export async function getFolder(db: DbExecutor, tenant: Tenant, folderId: string): Promise<FolderDetail> {
  const chain = await folderChain(db, tenant.readable(folders.ngoId), folderId);
  if (chain.length === 0) throw folderNotFound();
  const item = await itemOf(db, 'folder', folderId);
  return { ...item, path: chain.map(({ id, name }) => ({ id, name })) };
}

export async function getUsage(
  db: DbExecutor,
  tenant: Tenant,
  now = new Date(),
): Promise<StorageUsageAnswer> {
  const usage = await storageUsageOf(db, tenant.ngoId, now);
  return {
    usedBytes: usage.used,
    reservedBytes: usage.reserved,
    limitBytes: usage.limit,
    planId: usage.plan.id,
    planName: usage.plan.name,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

export async function createFolder(
  db: DbExecutor,
  caller: Caller,
  body: { name: string; parentId?: string | null | undefined },
): Promise<StorageItem> {
  const ngoId = caller.tenant.ngoId;
  const parentId = body.parentId ?? null;
  const id = newId();
  await placing(
    db,
    () => body.name,
    async (tx) => {
      if (parentId) await liveOwnFolder(tx, caller.tenant, parentId);
      await lockPlace(tx, ngoId, parentId);
      await assertNameFree(tx, ngoId, parentId, body.name);
      await tx.insert(folders).values({ id, ngoId, parentId, name: body.name, createdBy: caller.userId });
    },
  );
  return itemOf(db, 'folder', id);
}

/** An item of the caller's NGO, locked for the write about to change it; undefined when there is none. */
async function lockedOwnItem(tx: DbExecutor, caller: Caller, kind: ItemKind, id: string) {
  const table = kind === 'file' ? files : folders;
  const [row] = await tx
    .select({
      ownerId: kind === 'file' ? files.ownerId : folders.createdBy,
      place: kind === 'file' ? files.folderId : folders.parentId,
      name: table.name,
      deletedAt: table.deletedAt,
    })
    .from(table)
    .where(and(eq(table.id, id), caller.tenant.ownedBy(table.ngoId)))
    .limit(1)
    .for('update');
  return row;
}

/** A live item for a write; trashed items (or inside a trashed folder) are 404 like missing ones. */
async function liveOwnItem(tx: DbExecutor, caller: Caller, kind: ItemKind, id: string) {
  const row = await lockedOwnItem(tx, caller, kind, id);
  if (!row || row.deletedAt || !(await isLivePlace(tx, caller.tenant, row.place))) throw notFoundOf(kind);
  return row;
}

/**
 * Renames and/or moves a file or folder: its owner (while they may write) or a files manager. A
 * folder cannot move into itself or below itself (400); the target must be a live folder (404).
 */
export async function updateItem(
  db: DbExecutor,
  caller: Caller,
  kind: ItemKind,
  id: string,
  change: { name?: string | undefined; place?: string | null | undefined },
): Promise<StorageItem> {
  const ngoId = caller.tenant.ngoId;
  let name = change.name ?? '';
  await placing(
    db,
    () => name,
    async (tx) => {
      if (kind === 'folder' && change.place !== undefined) await lockTree(tx, ngoId);
      const row = await liveOwnItem(tx, caller, kind, id);
      if (!mayChangeItem(caller.role, caller.userId, row.ownerId)) throw notYours();
      const place = change.place === undefined ? row.place : change.place;
      name = change.name ?? row.name;
      if (place !== row.place && place !== null) {
        const chain = await liveOwnFolder(tx, caller.tenant, place);
        if (kind === 'folder' && chain.some((link) => link.id === id)) {
          throw new ApiError(400, 'Some fields are invalid.', {
            code: 'validation_failed',
            fields: { parentId: 'A folder cannot move into itself or into a folder inside it.' },
          });
        }
      }
      if (place === row.place && name === row.name) return;
      await lockPlace(tx, ngoId, place);
      await assertNameFree(tx, ngoId, place, name, { kind, id });
      const updatedAt = new Date();
      if (kind === 'file')
        await tx.update(files).set({ name, folderId: place, updatedAt }).where(eq(files.id, id));
      else await tx.update(folders).set({ name, parentId: place, updatedAt }).where(eq(folders.id, id));
    },
  );
  return itemOf(db, kind, id);
}

/**
 * For a caller who may remove only their own items: everything in the folder's tree (trashed or not)
 * must be theirs, or a 403: deleting a folder deletes what others put in it.
 */
async function assertTreeIsTheirs(tx: DbExecutor, caller: Caller, folderId: string) {
  if (can(caller.role, 'files:manage')) return;
  const tree = await folderTreeIds(tx, caller.tenant.ngoId, folderId);
  const inTree = sql.join(
    tree.map((t) => sql`${t}`),
    sql`, `,
  );
  const others = await tx.execute<{ n: number }>(sql`
    select (select count(*) from folders where id in (${inTree}) and created_by <> ${caller.userId})
      + (select count(*) from files where folder_id in (${inTree}) and owner_id <> ${caller.userId}) as n`);
  if (Number(others.rows[0]?.n ?? 0) > 0)
    throw new ApiError(403, 'This folder holds items of other members; only an NGO admin can remove it.');
}

/** Moves an item to the trash; its bytes still count until the purge (ADR 0030). */
export async function trashItem(db: DbExecutor, caller: Caller, kind: ItemKind, id: string) {
  await db.transaction(async (tx) => {
    const row = await liveOwnItem(tx, caller, kind, id);
    if (!mayRemoveItem(caller.role, caller.userId, row.ownerId)) throw notYours();
    if (kind === 'folder') await assertTreeIsTheirs(tx, caller, id);
    const deletedAt = new Date();
    if (kind === 'file') await tx.update(files).set({ deletedAt }).where(eq(files.id, id));
    else await tx.update(folders).set({ deletedAt }).where(eq(folders.id, id));
  });
  return itemOf(db, kind, id);
}

/** A trashed item of the caller's NGO, locked; 404 when missing, 409 when it is not in the trash. */
async function trashedOwnItem(tx: DbExecutor, caller: Caller, kind: ItemKind, id: string) {
  const row = await lockedOwnItem(tx, caller, kind, id);
  if (!row) throw notFoundOf(kind);
  if (!row.deletedAt) throw new ApiError(409, 'This item is not in the trash.', { code: 'not_in_trash' });
  if (!mayRemoveItem(caller.role, caller.userId, row.ownerId)) throw notYours();
  return row;
}

/**
 * Brings an item back from the trash, into its folder when that is live, else to the root. A live
 * item of the same name there is a 409: rename that one first.
 */
export async function restoreItem(db: DbExecutor, caller: Caller, kind: ItemKind, id: string) {
  const ngoId = caller.tenant.ngoId;
  let name = '';
  await placing(
    db,
    () => name,
    async (tx) => {
      const row = await trashedOwnItem(tx, caller, kind, id);
      name = row.name;
      const place = (await isLivePlace(tx, caller.tenant, row.place)) ? row.place : null;
      await lockPlace(tx, ngoId, place);
      await assertNameFree(tx, ngoId, place, row.name, { kind, id });
      const updatedAt = new Date();
      if (kind === 'file')
        await tx.update(files).set({ deletedAt: null, folderId: place, updatedAt }).where(eq(files.id, id));
      else
        await tx
          .update(folders)
          .set({ deletedAt: null, parentId: place, updatedAt })
          .where(eq(folders.id, id));
    },
  );
  return itemOf(db, kind, id);
}

async function purgeRows(tx: DbExecutor, caller: Caller, kind: ItemKind, id: string, now: Date) {
  if (kind === 'folder') {
    await assertTreeIsTheirs(tx, caller, id);
    return purgeFolderRows(tx, caller.tenant.ngoId, id, now);
  }
  return purgeFileRow(tx, caller.tenant.ngoId, id, now);
}

/** Removes a trashed item for good (a folder with all it holds) and frees its bytes. */
export async function purgeItem(
  db: DbExecutor,
  storage: FileStorage,
  caller: Caller,
  kind: ItemKind,
  id: string,
  now = new Date(),
): Promise<void> {
  const purged = await db.transaction(async (tx) => {
    await trashedOwnItem(tx, caller, kind, id);
    return purgeRows(tx, caller, kind, id, now);
  });
  await removeObjects(storage, purged.storageKeys);
}

/**
 * Empties the caller's part of the trash: everything for a files manager, else their own items
 * (a folder only when all it holds is theirs). Each item goes in its own transaction.
 */
export async function emptyTrash(db: DbExecutor, storage: FileStorage, caller: Caller, now = new Date()) {
  const manager = can(caller.role, 'files:manage');
  const own = (owner: typeof files.ownerId | typeof folders.createdBy) =>
    manager ? undefined : eq(owner, caller.userId);
  const trashed = [
    ...(
      await db
        .select({ id: folders.id })
        .from(folders)
        .where(
          and(caller.tenant.ownedBy(folders.ngoId), isNotNull(folders.deletedAt), own(folders.createdBy)),
        )
    ).map((r) => ({ kind: 'folder' as const, id: r.id })),
    ...(
      await db
        .select({ id: files.id })
        .from(files)
        .where(and(caller.tenant.ownedBy(files.ngoId), isNotNull(files.deletedAt), own(files.ownerId)))
    ).map((r) => ({ kind: 'file' as const, id: r.id })),
  ];
  let removed = 0;
  let freedBytes = 0;
  for (const item of trashed) {
    let purged: Purged;
    try {
      purged = await db.transaction((tx) => purgeRows(tx, caller, item.kind, item.id, now));
    } catch (err) {
      // A folder holding others' items stays for an admin; anything else is a real failure.
      if (err instanceof ApiError && err.status === 403) continue;
      throw err;
    }
    await removeObjects(storage, purged.storageKeys);
    if (purged.files + purged.folders > 0) removed++;
    freedBytes += purged.freedBytes;
  }
  return { removed, freedBytes };
}

// ---------------------------------------------------------------------------------------------
// The single-request upload

export interface SmallUpload {
  name: string;
  folderId: string | null;
  /** The Content-Length the client declared. */
  declared: number;
  body: WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null;
}

const sizeMismatch = (declared: number) =>
  new ApiError(
    400,
    `The file that arrived is not the ${declared} bytes declared (Content-Length). Nothing was kept; send it again.`,
    { code: 'upload_size_mismatch' },
  );

/**
 * Stores a small file sent in one request: the quota holds its declared length first (413, nothing
 * read), the bytes stream to the adapter through the inspector (size, SHA-256, sniffed type), and the
 * row and the settled usage commit together. Any failure leaves nothing: the object is removed and the
 * hold given back.
 */
export async function uploadSmallFile(
  db: DbExecutor,
  storage: FileStorage,
  caller: Caller,
  upload: SmallUpload,
  now = new Date(),
): Promise<StorageItem> {
  const ngoId = caller.tenant.ngoId;
  const { name, folderId, declared } = upload;
  // Refused before any byte is read or held.
  if (folderId) await liveOwnFolder(db, caller.tenant, folderId);
  await assertNameFree(db, ngoId, folderId, name);
  await reserveStorage(db, ngoId, declared, now);

  const id = newId();
  const storageKey = `${ngoId}/${id}`;
  let stored = false;
  let bodyFailed = false;
  try {
    const source = upload.body
      ? Readable.fromWeb(upload.body as WebReadableStream<Uint8Array>)
      : Readable.from([]);
    const inspector = byteInspector();
    source.on('error', (err) => {
      bodyFailed = true;
      inspector.stream.destroy(err);
    });
    source.pipe(inspector.stream);
    try {
      await storage.put(storageKey, inspector.stream, declared);
    } catch (err) {
      source.destroy();
      if (err instanceof StorageSizeMismatch) throw sizeMismatch(declared);
      if (bodyFailed)
        throw new ApiError(400, 'The upload was interrupted. Nothing was kept; send it again.', {
          code: 'upload_interrupted',
        });
      throw err;
    }
    stored = true;
    const inspected = await inspector.result(name);
    if (inspected.size !== declared) throw sizeMismatch(declared);
    await placing(
      db,
      () => name,
      async (tx) => {
        await lockPlace(tx, ngoId, folderId);
        if (folderId) await liveOwnFolder(tx, caller.tenant, folderId);
        await assertNameFree(tx, ngoId, folderId, name);
        await tx.insert(files).values({
          id,
          ngoId,
          ownerId: caller.userId,
          folderId,
          name,
          sizeBytes: inspected.size,
          contentType: inspected.contentType,
          sha256: inspected.sha256,
          storageKey,
          createdAt: now,
          updatedAt: now,
        });
        await settleUpload(tx, ngoId, declared, inspected.size, now);
      },
    );
  } catch (err) {
    if (stored) await removeObjects(storage, [storageKey]);
    // The hold is the pool's (reserved outside any transaction), so it is given back the same way.
    await releaseStorage(db, ngoId, declared, now);
    throw err;
  }
  return itemOf(db, 'file', id);
}
