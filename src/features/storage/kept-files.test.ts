import { describe, expect, it } from 'vitest';
import { forgetFile, keepFile, keptCopy, keptFilesData, refreshKeptIds } from './kept-files';

const report = { id: 'file-1', name: 'report.csv', sha256: 'aaa' };

describe('files kept on this device', () => {
  it('serves a kept copy while it is the file’s current content, to its own user only', async () => {
    await keepFile('u1', report, new Blob(['a,b\n']));
    expect(await keptCopy('u1', report)).toBeDefined();
    // The file changed on the server since: the old copy is not offered.
    expect(await keptCopy('u1', { ...report, sha256: 'bbb' })).toBeUndefined();
    expect(await keptCopy('u2', report)).toBeUndefined();
    await forgetFile('u1', report.id);
    expect(await keptCopy('u1', report)).toBeUndefined();
  });

  it('is wiped with its user’s data at logout, and counts nothing as unsent', async () => {
    await keepFile('u1', report, new Blob(['x']));
    await keepFile('u2', { ...report, id: 'file-2' }, new Blob(['y']));
    expect(await keptFilesData.countUnsent('u1')).toBe(0);
    await keptFilesData.clear('u1');
    expect(await keptCopy('u1', report)).toBeUndefined();
    expect(await keptCopy('u2', { ...report, id: 'file-2' })).toBeDefined();
    await refreshKeptIds('u2');
  });
});
