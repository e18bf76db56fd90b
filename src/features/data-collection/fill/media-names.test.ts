import { describe, expect, it } from 'vitest';
import { answerFileName } from './media-names';

describe('answerFileName', () => {
  it('names a compressed photo after its question, with the time and the extension of its type', () => {
    const photo = new Blob(['x'], { type: 'image/jpeg' });
    expect(answerFileName('house_photo', photo, 'IMG_2231.HEIC', 1732700000000)).toBe(
      'IMG_2231-1732700000000.jpg',
    );
    expect(answerFileName('house_photo', photo, undefined, 5)).toBe('house_photo-5.jpg');
  });

  it('keeps a document’s own name and extension, made safe for the file layer', () => {
    const pdf = new Blob(['%PDF'], { type: '' });
    expect(answerFileName('doc', pdf, 'a/b:report?.PDF', 7)).toBe('a-b-report--7.pdf');
    expect(answerFileName('doc', new Blob(['x']), 'no extension', 7)).toBe('no extension-7.bin');
  });
});
