import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../contract/forms/definition';
import { geopointNamed, planExport, repeatNamed } from './export-plan';
import { LANGUAGES, villageSurvey, villageSurveyV1 } from './survey.testing';

const base = 'https://ngo.example/api/forms/f1/submissions';
const names = { labels: false, language: LANGUAGES.EN, mediaBase: base };

const headers = (definitions: FormDefinition[], options = names) => {
  const plan = planExport(definitions, options);
  return {
    main: plan.main.columns.map((c) => c.header),
    repeats: Object.fromEntries(plan.repeats.map((t) => [t.key, t.columns.map((c) => c.header)])),
  };
};

const mainMeta = [
  '_id',
  '_instance_id',
  '_version',
  '_submitted_at',
  '_received_at',
  '_submitted_by',
  '_review_status',
  '_index',
];
const repeatKeys = ['_parent_id', '_parent_index', '_index', '_submission_id'];

describe('export plan', () => {
  it('flattens groups as group/question, splits select multiple and GPS, skips notes, ends with metadata', () => {
    expect(headers([villageSurvey]).main).toEqual([
      'respondent',
      'household/village',
      'household/size',
      'household/gps',
      'household/gps/latitude',
      'household/gps/longitude',
      'household/gps/altitude',
      'household/gps/precision',
      'needs',
      'needs/water',
      'needs/food',
      'needs/shelter',
      'photo',
      'comment',
      ...mainMeta,
    ]);
  });

  it('gives each repeat a long table with its parent keys, nested repeats their own', () => {
    const { repeats } = headers([villageSurvey]);
    expect(repeats).toEqual({
      member: ['member/member_name', 'member/age', ...repeatKeys],
      visit: ['member/visit/visit_date', 'member/visit/clinic', ...repeatKeys],
    });
  });

  it('follows the latest version and appends what only older versions asked, where it stood', () => {
    const { main, repeats } = headers([villageSurvey, villageSurveyV1]);
    expect(main.slice(0, 16)).toEqual([
      'respondent',
      'household/village',
      'household/size',
      'household/gps',
      'household/gps/latitude',
      'household/gps/longitude',
      'household/gps/altitude',
      'household/gps/precision',
      'needs',
      'needs/water',
      'needs/food',
      'needs/shelter',
      'needs/medicine',
      'photo',
      'comment',
      'old_question',
    ]);
    expect(repeats.member).toEqual([
      'member/member_name',
      'member/age',
      'member/member_phone',
      ...repeatKeys,
    ]);
  });

  it('writes labels in the language asked, metadata names unchanged', () => {
    const fr = headers([villageSurvey], { ...names, labels: true, language: LANGUAGES.FR });
    expect(fr.main).toEqual([
      'Répondant',
      'Village',
      'Taille du ménage',
      'Position',
      'Position/latitude',
      'Position/longitude',
      'Position/altitude',
      'Position/precision',
      'Besoins',
      'Besoins/Eau potable',
      'Besoins/Nourriture',
      'Besoins/Abri',
      'Photo',
      'Commentaire',
      ...mainMeta,
    ]);
    expect(fr.repeats.visit).toEqual(['Date', 'Centre', ...repeatKeys]);
  });

  it('names a repeat by its path when another repeat has the same name, and finds it either way', () => {
    const twice: FormDefinition = {
      title: 'Two repeats named alike',
      languages: ['default'],
      choices: {},
      questions: [
        {
          name: 'a',
          type: 'group',
          children: [{ name: 'item', type: 'repeat', children: [{ name: 'x', type: 'text' }] }],
        },
        {
          name: 'b',
          type: 'group',
          children: [{ name: 'item', type: 'repeat', children: [{ name: 'y', type: 'text' }] }],
        },
        { name: 'solo', type: 'repeat', children: [{ name: 'z', type: 'text' }] },
      ],
    };
    const plan = planExport([twice], names);
    expect(plan.repeats.map((t) => t.key)).toEqual(['a/item', 'b/item', 'solo']);
    expect(plan.repeats.map((t) => t.path)).toEqual([['a', 'item'], ['b', 'item'], ['solo']]);
    expect(repeatNamed(plan, 'b/item')).toBe(plan.repeats[1]);
    expect(repeatNamed(plan, 'solo')).toBe(plan.repeats[2]);
    expect(repeatNamed(plan, 'member/solo')).toBeUndefined();
  });

  it('adds an "other" column to a select multiple with or_other, and lists geopoints per table', () => {
    const withOther: FormDefinition = {
      ...villageSurvey,
      questions: [{ name: 'needs', type: 'select_multiple', listName: 'needs', orOther: true }],
    };
    expect(headers([withOther]).main.slice(0, 6)).toEqual([
      'needs',
      'needs/water',
      'needs/food',
      'needs/shelter',
      'needs/other',
      '_id',
    ]);
    expect(planExport([villageSurvey], names).main.geopoints).toEqual(['household/gps']);
  });

  it('finds a geopoint by path or unique name, the first by default, in the main table or a repeat', () => {
    const points: FormDefinition = {
      title: 'Points',
      languages: ['default'],
      choices: {},
      questions: [
        { name: 'q', type: 'text' },
        {
          name: 'plot',
          type: 'repeat',
          children: [
            { name: 'corner', type: 'geopoint' },
            { name: 'here', type: 'geopoint' },
          ],
        },
        { name: 'g', type: 'group', children: [{ name: 'here', type: 'geopoint' }] },
      ],
    };
    const plan = planExport([points], names);
    const at = (question?: string) => {
      const found = geopointNamed(plan, question);
      return found && [found.table.key, found.path];
    };
    expect(at()).toEqual(['', 'g/here']);
    expect(at('corner')).toEqual(['plot', 'plot/corner']);
    expect(at('plot/here')).toEqual(['plot', 'plot/here']);
    // Two geopoints are called `here`: the name alone is ambiguous.
    expect(at('here')).toBeUndefined();
    expect(at('q')).toBeUndefined();
    expect(geopointNamed(planExport([{ ...points, questions: [] }], names), undefined)).toBeUndefined();
  });
});
