import { describe, expect, it } from 'vitest';
import { answerChanges, answerTree, flattenAnswers, pathLabel, unknownAnswers } from './answer-tree';
import { surveyDefinition } from './testing';

const answers = {
  village: 'Kayonza',
  house: { rooms: '3' },
  member: [{ member_name: 'Aline' }, { member_name: 'Eric' }],
  retired_question: 'kept',
};

describe('a response along its form', () => {
  it('lays answers out with groups and numbered repeat instances', () => {
    const tree = answerTree(surveyDefinition, answers);
    const house = tree.find((n) => n.path === 'house');
    expect(house).toMatchObject({
      kind: 'group',
      children: [{ kind: 'answer', path: 'house/rooms', value: '3' }],
    });
    const members = tree.find((n) => n.path === 'member');
    expect(members?.kind === 'repeat' && members.instances.map((i) => i.map((n) => n.path))).toEqual([
      ['member[1]/member_name'],
      ['member[2]/member_name'],
    ]);
  });

  it('lists the answers the form no longer asks', () => {
    expect(unknownAnswers(surveyDefinition, answers)).toEqual([['retired_question', 'kept']]);
  });

  it('finds what changed between two states, by node path', () => {
    expect(flattenAnswers(answers).get('member[2]/member_name')).toBe('Eric');
    expect(
      answerChanges(answers, { ...answers, village: 'Ngoma', member: [{ member_name: 'Aline' }] }),
    ).toEqual([
      { path: 'village', before: 'Kayonza', after: 'Ngoma' },
      { path: 'member[2]/member_name', before: 'Eric', after: '' },
    ]);
  });

  it('reads a node path with the questions’ labels', () => {
    expect(pathLabel(surveyDefinition, 'member[2]/member_name', 'English (en)')).toBe('Members 2 › Name');
    expect(pathLabel(surveyDefinition, 'gone/thing')).toBe('gone › thing');
  });
});
