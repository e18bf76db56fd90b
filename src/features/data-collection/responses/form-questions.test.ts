import { describe, expect, it } from 'vitest';
import {
  answerAtPath,
  answerQuestions,
  displayValue,
  hasGeopoint,
  repeatTables,
  tableQuestions,
} from './form-questions';
import { surveyDefinition } from './testing';

const info = (path: string) => answerQuestions(surveyDefinition).find((q) => q.path === path)!;

describe('reading a form’s questions', () => {
  it('makes columns of the questions answered once per response, in form order', () => {
    expect(tableQuestions(surveyDefinition).map((q) => q.path)).toEqual([
      'village',
      'age',
      'has_children',
      'needs',
      'location',
      'house/rooms',
    ]);
    expect(info('member/member_name').inRepeat).toBe(true);
  });

  it('shows choices by their label in the chosen language, GPS points as latitude and longitude', () => {
    expect(displayValue(info('has_children'), 'yes', 'French (fr)')).toBe('Oui');
    expect(displayValue(info('needs'), 'food  water', 'English (en)')).toBe('Food, Water');
    expect(displayValue(info('needs'), 'food other', 'English (en)')).toBe('Food, other');
    expect(displayValue(info('location'), '-1.95 30.06 1500 5')).toBe('-1.95, 30.06');
    expect(displayValue(info('age'), '')).toBe('');
  });

  it('reads an answer through its groups', () => {
    expect(answerAtPath({ house: { rooms: '3' } }, 'house/rooms')).toBe('3');
    expect(answerAtPath({ house: '' }, 'house/rooms')).toBe('');
  });

  it('names the repeat tables as the export does, and knows a GPS question', () => {
    expect(repeatTables(surveyDefinition).map((r) => [r.key, r.label('English (en)')])).toEqual([
      ['member', 'Members'],
    ]);
    expect(hasGeopoint(surveyDefinition)).toBe(true);
    const twice = {
      ...surveyDefinition,
      questions: [
        {
          name: 'a',
          type: 'group' as const,
          children: [{ name: 'item', type: 'repeat' as const, children: [] }],
        },
        {
          name: 'b',
          type: 'group' as const,
          children: [{ name: 'item', type: 'repeat' as const, children: [] }],
        },
      ],
    };
    expect(repeatTables(twice).map((r) => r.key)).toEqual(['a/item', 'b/item']);
  });
});
