import { describe, expect, it } from 'vitest';
import { memberRoles } from '@contract/members';
import {
  compareMembers,
  isFiltered,
  MEMBER_ROLES,
  memberFilterOf,
  memberMatcher,
  staffSearch,
} from './members-filter';
import { memberOf } from './testing';

describe('the staff screen’s URL', () => {
  it('keeps the tab and usable filters, and drops what the API would refuse', () => {
    expect(
      staffSearch.parse({ tab: 'invitations', q: ' amina ', role: 'VOLUNTEER', status: 'active' }),
    ).toEqual({ tab: 'invitations', q: 'amina', role: 'VOLUNTEER', status: 'active' });
    expect(staffSearch.parse({ tab: 'other', role: 'SUPER_ADMIN', status: 'invited', q: '' })).toEqual({});
    // The router reads ?q=2026 as a number: it is text.
    expect(staffSearch.parse({ q: 2026 })).toEqual({ q: '2026' });
  });

  it('lists the contract’s roles, in its order', () => {
    expect(MEMBER_ROLES).toEqual([...memberRoles]);
  });

  it('takes the members’ filter out of the search, the tab aside', () => {
    expect(memberFilterOf({ tab: 'invitations', role: 'STAFF' })).toEqual({ role: 'STAFF' });
    expect(isFiltered(memberFilterOf({ tab: 'invitations' }))).toBe(false);
  });
});

describe('memberMatcher', () => {
  const amina = memberOf({ id: 'a', name: 'Amina Uwăse', email: 'amina@hope.org', role: 'VOLUNTEER' });
  const eric = memberOf({ id: 'e', name: 'Eric', email: 'eric@hope.org', status: 'deactivated' });

  it('finds names and emails whatever the case and accents, and filters role and status exactly', () => {
    expect([amina, eric].filter(memberMatcher({ q: 'uwase' }))).toEqual([amina]);
    expect([amina, eric].filter(memberMatcher({ q: 'ERIC@' }))).toEqual([eric]);
    expect([amina, eric].filter(memberMatcher({ role: 'VOLUNTEER' }))).toEqual([amina]);
    expect([amina, eric].filter(memberMatcher({ status: 'deactivated' }))).toEqual([eric]);
    expect([amina, eric].filter(memberMatcher({}))).toEqual([amina, eric]);
  });

  it('orders by name, then id', () => {
    const twin = memberOf({ id: '0', name: 'amina uwăse' });
    expect([eric, amina, twin].sort(compareMembers('asc')).map((m) => m.id)).toEqual(['0', 'a', 'e']);
    expect([eric, amina].sort(compareMembers('desc')).map((m) => m.id)).toEqual(['e', 'a']);
  });
});
