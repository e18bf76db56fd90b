import { describe, expect, it } from 'vitest';
import { createFormDrafts, type FormDraft } from './form-drafts';

let n = 0;
const draft = (over: Partial<FormDraft>): FormDraft => ({
  instanceId: `i-${++n}`,
  formId: 'f1',
  version: 1,
  answers: {},
  startedAt: '2026-11-27T10:00:00.000Z',
  updatedAt: n,
  userId: null,
  ...over,
});

describe('form drafts', () => {
  it('finds the latest draft of a form for the same person only', async () => {
    const drafts = createFormDrafts(`drafts-${Math.random()}`);
    await drafts.save(draft({ userId: 'u1', answers: { a: 'old' } }));
    await drafts.save(draft({ userId: 'u1', answers: { a: 'new' } }));
    await drafts.save(draft({ userId: 'u2', answers: { a: 'other user' } }));
    await drafts.save(draft({ formId: 'f2', userId: 'u1' }));
    expect((await drafts.latest('f1', 'u1'))?.answers).toEqual({ a: 'new' });
    expect(await drafts.latest('f1', null)).toBeUndefined();
  });

  it('counts and wipes one user’s drafts at logout, keeping everyone else’s', async () => {
    const drafts = createFormDrafts(`drafts-${Math.random()}`);
    const visitor = draft({ userId: null });
    await drafts.save(draft({ userId: 'u1' }));
    await drafts.save(draft({ userId: 'u1', formId: 'f2' }));
    await drafts.save(visitor);
    expect(await drafts.userData.countUnsent('u1')).toBe(2);
    await drafts.userData.clear('u1');
    expect(await drafts.userData.countUnsent('u1')).toBe(0);
    expect(await drafts.get(visitor.instanceId)).toEqual(visitor);
  });
});
