import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/testing/session';
import { PhotoUploadFailed } from './api/upload-photo';
import { createPhotoUploader, REPORT_GONE_MESSAGE } from './photo-uploader';
import { createReportPhotos, photoKey, type PhotoState } from './report-photos';

const store = createReportPhotos('test-activity-photos');

const keep = (reportId: string, name: string, state: PhotoState = 'waiting', addedAt = 1) =>
  store.put({
    key: photoKey('grace', reportId, name),
    userId: 'grace',
    reportId,
    name,
    blob: new Blob(['x'], { type: 'image/jpeg' }),
    addedAt,
    state,
  });

afterEach(async () => {
  await store.clear('grace');
});

describe('photo uploader', () => {
  it('sends waiting photos one at a time and forgets those the server took', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    await keep('r1', 'photo-1.jpg', 'waiting', 1);
    await keep('r1', 'photo-2.jpg', 'waiting', 2);
    await keep('r2', 'photo-1.jpg', 'draft', 3);
    let inFlight = 0;
    const upload = vi.fn(async (_reportId: string, _name: string) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
    });
    await createPhotoUploader(store, upload).kick();
    expect(upload.mock.calls.map((c) => `${c[0]}/${c[1]}`)).toEqual(['r1/photo-1.jpg', 'r1/photo-2.jpg']);
    // The draft's photo waits for its report to be written.
    expect((await store.all('grace')).map((p) => p.key)).toEqual(['grace/r2/photo-1.jpg']);
  });

  it('keeps a photo whose report is not on the server yet, and marks one the server refuses', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    await keep('r1', 'photo-1.jpg', 'waiting', 1);
    await keep('r2', 'photo-1.jpg', 'waiting', 2);
    const upload = vi.fn(async (reportId: string) => {
      throw reportId === 'r1'
        ? new PhotoUploadFailed('Not found.', 404)
        : new PhotoUploadFailed('This file is not a picture.', 415);
    });
    await createPhotoUploader(store, upload, async () => new Set(['r1'])).kick();
    const [r1, r2] = await store.all('grace');
    expect(r1).toMatchObject({ reportId: 'r1', state: 'waiting' });
    expect(r2).toMatchObject({ reportId: 'r2', state: 'refused', error: 'This file is not a picture.' });
    expect(await store.countUnsent('grace')).toBe(2);
  });

  it('marks a photo refused once its report is neither on the server nor in the outbox', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    await keep('kept', 'photo-1.jpg', 'waiting', 1);
    await keep('removed', 'photo-1.jpg', 'waiting', 2);
    const upload = vi.fn(async () => {
      throw new PhotoUploadFailed('Not found.', 404);
    });
    await createPhotoUploader(store, upload, async () => new Set(['kept'])).kick();
    const [kept, removed] = await store.all('grace');
    expect(kept).toMatchObject({ reportId: 'kept', state: 'waiting' });
    expect(removed).toMatchObject({ reportId: 'removed', state: 'refused', error: REPORT_GONE_MESSAGE });
  });

  it('stops at a lost connection and leaves the rest for later', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    await keep('r1', 'photo-1.jpg', 'waiting', 1);
    await keep('r1', 'photo-2.jpg', 'waiting', 2);
    const upload = vi.fn(async () => {
      throw new PhotoUploadFailed('The connection dropped.', 0);
    });
    await createPhotoUploader(store, upload).kick();
    expect(upload).toHaveBeenCalledTimes(1);
    expect((await store.all('grace')).every((p) => p.state === 'waiting')).toBe(true);
  });
});
