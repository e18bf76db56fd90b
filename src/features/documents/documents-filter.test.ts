import { describe, expect, it } from 'vitest';
import { compareDocuments, documentMatcher, documentsSearch } from './documents-filter';
import { documentOf } from './testing';

describe('the documents’ filter', () => {
  const grace = documentOf();
  const jean = documentOf({ id: 'd2', volunteerName: 'Jéan Volunteer', code: 'QRSTV6789V', kind: 'letter' });

  it('narrows by a part of the volunteer’s name in any case, or by code typed with or without its dash', () => {
    expect([grace, jean].filter(documentMatcher({ q: 'JÉAN v' }))).toEqual([jean]);
    expect([grace, jean].filter(documentMatcher({ q: 'abcde-1234e' }))).toEqual([grace]);
    expect([grace, jean].filter(documentMatcher({ kind: 'letter' }))).toEqual([jean]);
    expect([grace, jean].filter(documentMatcher({ status: 'revoked' }))).toEqual([]);
  });

  it('orders newest first, as the API does', () => {
    const older = documentOf({ id: 'd0', issuedAt: '2026-01-01T00:00:00.000Z' });
    expect([older, grace].sort(compareDocuments('desc')).map((d) => d.id)).toEqual(['d1', 'd0']);
  });

  it('reads the URL, dropping what is not a kind or a status', () => {
    expect(documentsSearch.parse({ q: ' grace ', kind: 'letter', status: 'lost' })).toEqual({
      q: 'grace',
      kind: 'letter',
    });
  });
});
