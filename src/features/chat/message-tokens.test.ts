import { describe, expect, it } from 'vitest';
import { insertMention, mentionCandidates, mentionIdsOf, mentionQueryAt } from './mentions';
import { highlightParts, messageTokens } from './message-tokens';

const people = [
  { id: 'ann', name: 'Ann', role: 'STAFF' },
  { id: 'annlee', name: 'Ann Lee', role: 'STAFF' },
  { id: 'bob', name: 'Bob Okafor', role: 'VOLUNTEER' },
];

describe('messageTokens', () => {
  it('makes http(s) addresses links, leaving the trailing punctuation and other schemes as text', () => {
    expect(messageTokens('See https://ngo.org/a?b=1. Or javascript:alert(1) <b>x</b>')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://ngo.org/a?b=1', href: 'https://ngo.org/a?b=1' },
      { type: 'text', text: '. Or javascript:alert(1) <b>x</b>' },
    ]);
  });

  it('marks @Name of the people the message mentions only, the longest name first', () => {
    const tokens = messageTokens('@Ann Lee and @Ann, not @Bob Okafor', [people[0]!, people[1]!]);
    expect(tokens).toEqual([
      { type: 'mention', text: '@Ann Lee', userId: 'annlee' },
      { type: 'text', text: ' and ' },
      { type: 'mention', text: '@Ann', userId: 'ann' },
      { type: 'text', text: ', not @Bob Okafor' },
    ]);
  });
});

describe('highlightParts', () => {
  it('marks the «words» the server matched, as text', () => {
    expect(highlightParts('the «river» bank «<b>»')).toEqual([
      { text: 'the ', marked: false },
      { text: 'river', marked: true },
      { text: ' bank ', marked: false },
      { text: '<b>', marked: true },
    ]);
  });
});

describe('mentions in the composer', () => {
  it('finds the @word at the caret, after a space or at the start only', () => {
    expect(mentionQueryAt('hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail@an', 7)).toBeNull();
    expect(mentionQueryAt('hi @ann lee', 11)).toBeNull();
  });

  it('offers people with a word starting with the query, and writes @Name in place', () => {
    expect(mentionCandidates(people, 'le').map((p) => p.id)).toEqual(['annlee']);
    expect(mentionCandidates(people, 'ok').map((p) => p.id)).toEqual(['bob']);
    const query = mentionQueryAt('hi @bo!', 6)!;
    expect(insertMention('hi @bo!', query, 6, people[2]!)).toEqual({ text: 'hi @Bob Okafor !', caret: 15 });
  });

  it('names the people whose @Name is in a message', () => {
    expect(mentionIdsOf('thanks @Ann Lee and @Bob Okafor', people)).toEqual(['annlee', 'bob']);
    expect(mentionIdsOf('thanks @Annie', people)).toEqual([]);
  });
});
