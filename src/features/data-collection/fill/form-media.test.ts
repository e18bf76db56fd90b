import { describe, expect, it } from 'vitest';
import { createFormMedia } from './form-media';
import { fittedSize, maxPixelsOf } from '@/lib/compress-image';

const photo = (text: string) => new Blob([text], { type: 'image/jpeg' });

describe('files kept for a response', () => {
  it('waits while its instance is being filled, and is due once the response is submitted', async () => {
    const media = createFormMedia(`media-${Math.random()}`);
    await media.put({ formId: 'f1', instanceId: 'i1', name: 'a.jpg', blob: photo('a'), userId: null });
    await media.put({ formId: 'f1', instanceId: 'i2', name: 'b.jpg', blob: photo('bb'), userId: null });
    const stillFilling = new Set(['i2']);
    const due = await media.due(async (id) => stillFilling.has(id));
    expect(due.map((m) => m.key)).toEqual(['i1/a.jpg']);
    // The bytes stay for the page to show (jsdom's Blob does not survive fake-indexeddb's cloning whole).
    expect(await media.blobOf('i2', 'b.jpg')).toBeTruthy();
    expect(await media.blobOf('i2', 'other.jpg')).toBeUndefined();
  });

  it('keeps only the files the submitted answers name: a replaced photo is not sent', async () => {
    const media = createFormMedia(`media-${Math.random()}`);
    await media.put({ formId: 'f1', instanceId: 'i1', name: 'first.jpg', blob: photo('1'), userId: null });
    await media.put({ formId: 'f1', instanceId: 'i1', name: 'second.jpg', blob: photo('2'), userId: null });
    await media.keepOnly('i1', ['second.jpg']);
    expect((await media.due(async () => false)).map((m) => m.name)).toEqual(['second.jpg']);
  });

  it('counts and wipes a signed-in user’s files at logout, never a visitor’s', async () => {
    const media = createFormMedia(`media-${Math.random()}`);
    let changes = 0;
    media.subscribe(() => changes++);
    await media.put({ formId: 'f1', instanceId: 'i1', name: 'u.jpg', blob: photo('u'), userId: 'u1' });
    await media.put({ formId: 'f1', instanceId: 'i2', name: 'v.jpg', blob: photo('v'), userId: null });
    expect(await media.userData.countUnsent('u1')).toBe(1);
    await media.userData.clear('u1');
    expect((await media.due(async () => false)).map((m) => m.name)).toEqual(['v.jpg']);
    expect(changes).toBe(3);
  });

  it('remembers the upload address and a refusal, which keep the file until the person acts', async () => {
    const media = createFormMedia(`media-${Math.random()}`);
    await media.put({ formId: 'f1', instanceId: 'i1', name: 'a.jpg', blob: photo('a'), userId: null });
    await media.setUploadUrl('i1/a.jpg', '/api/uploads/abc');
    await media.refuse('i1/a.jpg', 'This form is closed.');
    const [item] = await media.due(async () => false);
    expect(item).toMatchObject({ uploadUrl: '/api/uploads/abc', refused: 'This form is closed.' });
    await media.remove('i1/a.jpg');
    expect(await media.due(async () => false)).toEqual([]);
  });
});

describe('a file that arrived meanwhile', () => {
  it('is not brought back by saving its upload address late', async () => {
    const media = createFormMedia(`media-${Math.random()}`);
    await media.put({ formId: 'f1', instanceId: 'i1', name: 'a.jpg', blob: photo('a'), userId: null });
    await media.remove('i1/a.jpg');
    await media.setUploadUrl('i1/a.jpg', '/api/uploads/abc');
    expect(await media.due(async () => false)).toEqual([]);
  });
});

describe('photo compression size', () => {
  it('brings the longest side to max-pixels, keeping the shape, and never enlarges', () => {
    expect(fittedSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3000, 4000, 1000)).toEqual({ width: 750, height: 1000 });
    expect(fittedSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(maxPixelsOf({ 'max-pixels': '1024' })).toBe(1024);
    expect(maxPixelsOf({ 'max-pixels': 'big' })).toBe(1600);
    expect(maxPixelsOf(undefined)).toBe(1600);
  });
});
