import { describe, expect, it } from 'vitest';
import { addRepeatInstance, answerAt, removeRepeatInstance, repeatCount, setAnswer } from './answer-paths';

describe('answer paths', () => {
  it('reads and writes answers at top level, in groups and in repeat instances', () => {
    let a = setAnswer({}, 'village', 'Juru');
    a = setAnswer(a, 'household/head/age', '42');
    a = setAnswer(a, 'household/member[2]/name', 'Eric');
    expect(a).toEqual({
      village: 'Juru',
      household: { head: { age: '42' }, member: [{}, { name: 'Eric' }] },
    });
    expect(answerAt(a, 'household/member[2]/name')).toBe('Eric');
    expect(answerAt(a, 'household/member[1]/name')).toBe('');
    expect(answerAt(a, 'nothing/here')).toBe('');
  });

  it('changes only the objects along the path', () => {
    const before = { a: { x: '1' }, b: { y: '2' } };
    const after = setAnswer(before, 'a/x', '3');
    expect(after.b).toBe(before.b);
    expect(before.a.x).toBe('1');
  });

  it('adds and removes repeat instances, nested ones included', () => {
    let a = addRepeatInstance({}, 'member');
    a = addRepeatInstance(a, 'member');
    a = setAnswer(a, 'member[1]/name', 'Aline');
    a = setAnswer(a, 'member[2]/name', 'Eric');
    a = addRepeatInstance(a, 'member[2]/visit');
    expect(repeatCount(a, 'member')).toBe(2);
    expect(repeatCount(a, 'member[2]/visit')).toBe(1);
    a = removeRepeatInstance(a, 'member', 1);
    expect(a).toEqual({ member: [{ name: 'Eric', visit: [{}] }] });
  });
});
