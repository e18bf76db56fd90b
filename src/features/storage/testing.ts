import type { StorageItem } from '@contract/files';

/** A storage item for the feature's tests: a 2 KB PDF of 'Amina' at the root unless told otherwise. */
export const storageItem = (over: Partial<StorageItem>): StorageItem => ({
  kind: 'file',
  id: 'f1',
  name: 'report.pdf',
  folderId: null,
  ownerId: 'u1',
  ownerName: 'Amina',
  sizeBytes: 2048,
  contentType: 'application/pdf',
  sha256: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
  ...over,
});
