import { describe, expect, it } from 'vitest';
import type { Question } from './definition';
import { mediaFileName, mediaNamesOf, mediaQuestionsOf } from './media';

const questions: Question[] = [
  { name: 'site', type: 'text' },
  { name: 'photo', type: 'image' },
  { name: 'signature', type: 'image', appearance: 'signature' },
  {
    name: 'house',
    type: 'group',
    children: [
      { name: 'rooms', type: 'integer' },
      { name: 'plan', type: 'file' },
    ],
  },
  {
    name: 'visit',
    type: 'repeat',
    children: [
      { name: 'clip', type: 'audio' },
      { name: 'note', type: 'text' },
    ],
  },
  { name: 'empty', type: 'group', children: [{ name: 'x', type: 'text' }] },
];

describe('a response’s media names', () => {
  it('keeps only media questions and the groups and repeats that hold some', () => {
    expect(JSON.stringify(mediaQuestionsOf(questions))).not.toMatch(/"site"|"rooms"|"note"|"empty"/);
    expect(mediaQuestionsOf(questions).map((q) => q.name)).toEqual(['photo', 'signature', 'house', 'visit']);
  });

  it('reads each media answer once, in groups and repeats, never a text that looks like a file', () => {
    const names = mediaNamesOf(mediaQuestionsOf(questions), {
      site: 'looks.jpg',
      photo: 'front.jpg',
      signature: '',
      house: { rooms: '3', plan: 'plan.pdf' },
      visit: [{ clip: 'a.m4a', note: 'b.m4a' }, { clip: 'front.jpg' }, { clip: 'c.m4a' }],
    });
    expect(names).toEqual(['front.jpg', 'plan.pdf', 'a.m4a', 'c.m4a']);
  });

  it('takes answers of the wrong shape as naming nothing', () => {
    expect(mediaNamesOf(questions, { house: 'x', visit: 'y', photo: { a: 'b' } })).toEqual([]);
  });

  it('keeps a file under its name as an upload’s filename is read', () => {
    expect(mediaFileName(' Cafe\u0301.jpg ')).toBe('Café.jpg');
  });
});
