import { describe, expect, it } from 'vitest';
import { planExport } from './export-plan';
import type { ExportPlan, ExportSubmission, ExportTable } from './export-types';
import { tableFlattener, tableRows } from './flatten-rows';
import { fullAnswers, LANGUAGES, submissionOf, villageSurvey, villageSurveyV1 } from './survey.testing';

const mediaBase = 'https://ngo.example/api/forms/f1/submissions';
const plan = planExport([villageSurvey, villageSurveyV1], {
  labels: false,
  language: LANGUAGES.EN,
  mediaBase,
});
const member = plan.repeats.find((t) => t.key === 'member')!;
const visit = plan.repeats.find((t) => t.key === 'visit')!;

/** Each row as header → cell. */
const rowsOf = (p: ExportPlan, table: ExportTable, submissions: ExportSubmission[]) => {
  const flatten = tableFlattener(p, table);
  return submissions
    .flatMap(flatten)
    .map((cells) => Object.fromEntries(table.columns.map((c, at) => [c.header, cells[at]])));
};

const first = submissionOf(fullAnswers, { id: 'sub1' });
const second = submissionOf(
  {
    respondent: 'Jean',
    household: { village: 'kayonza', size: '', gps: '' },
    needs: '',
    member: [{ member_name: 'Solo', age: '60', visit: [{ visit_date: '2026-07-01', clinic: 'Gahini' }] }],
  },
  { id: 'sub2', version: 1, submittedAt: null, submittedBy: '', reviewStatus: 'approved' },
);
const old = submissionOf(
  { old_question: 'still here', needs: 'medicine', member: [{ member_name: 'Old', member_phone: '0788' }] },
  { id: 'sub3', version: 1 },
);

describe('flattening responses', () => {
  it('writes the main table cell by cell: values, choice columns, GPS parts, media link, metadata', () => {
    const [row] = rowsOf(plan, plan.main, [first]);
    expect(row).toEqual({
      respondent: 'Aline',
      'household/village': 'rwamagana',
      'household/size': '5',
      'household/gps': '-1.9441 30.0619 1500 4.5',
      'household/gps/latitude': '-1.9441',
      'household/gps/longitude': '30.0619',
      'household/gps/altitude': '1500',
      'household/gps/precision': '4.5',
      needs: 'water shelter',
      'needs/water': '1',
      'needs/food': '0',
      'needs/shelter': '1',
      'needs/medicine': '0',
      photo: `${mediaBase}/sub1/media/house%20front.jpg`,
      comment: '=HYPERLINK("http://evil.example","click")',
      old_question: '',
      _id: 'sub1',
      _instance_id: '7d0f5c1e-0000-4000-8000-000000000001',
      _version: '2',
      _submitted_at: '2026-06-20T10:00:00.000Z',
      _received_at: '2026-06-20T10:00:05.000Z',
      _submitted_by: 'Volunteer One',
      _review_status: 'received',
      _index: '1',
    });
  });

  it('leaves choice and GPS columns empty when the question was not answered; keeps older versions’ answers', () => {
    const [, second_, third] = rowsOf(plan, plan.main, [first, second, old]);
    expect(second_).toMatchObject({
      needs: '',
      'needs/water': '',
      'needs/medicine': '',
      'household/gps/latitude': '',
      photo: '',
      _submitted_at: '',
      _submitted_by: '',
      _review_status: 'approved',
      _version: '1',
      _index: '2',
    });
    expect(third).toMatchObject({
      old_question: 'still here',
      needs: 'medicine',
      'needs/medicine': '1',
      _index: '3',
    });
  });

  it('writes repeats in long format keyed to the response, numbering rows over the whole export', () => {
    expect(rowsOf(plan, member, [first, second, old])).toEqual([
      {
        'member/member_name': 'Eric',
        'member/age': '34',
        'member/member_phone': '',
        _parent_id: 'sub1',
        _parent_index: '1',
        _index: '1',
        _submission_id: 'sub1',
      },
      {
        'member/member_name': 'Ines',
        'member/age': '7',
        'member/member_phone': '',
        _parent_id: 'sub1',
        _parent_index: '1',
        _index: '2',
        _submission_id: 'sub1',
      },
      {
        'member/member_name': 'Solo',
        'member/age': '60',
        'member/member_phone': '',
        _parent_id: 'sub2',
        _parent_index: '2',
        _index: '3',
        _submission_id: 'sub2',
      },
      {
        'member/member_name': 'Old',
        'member/age': '',
        'member/member_phone': '0788',
        _parent_id: 'sub3',
        _parent_index: '3',
        _index: '4',
        _submission_id: 'sub3',
      },
    ]);
  });

  it('keys a nested repeat’s rows to their parent repeat row’s _index', () => {
    expect(rowsOf(plan, visit, [first, second, old])).toEqual([
      {
        'member/visit/visit_date': '2026-06-01',
        'member/visit/clinic': 'Kayonza HC',
        _parent_id: '1',
        _parent_index: '1',
        _index: '1',
        _submission_id: 'sub1',
      },
      {
        'member/visit/visit_date': '2026-06-15',
        'member/visit/clinic': 'Rwamagana HC',
        _parent_id: '1',
        _parent_index: '1',
        _index: '2',
        _submission_id: 'sub1',
      },
      {
        'member/visit/visit_date': '2026-07-01',
        'member/visit/clinic': 'Gahini',
        _parent_id: '3',
        _parent_index: '3',
        _index: '3',
        _submission_id: 'sub2',
      },
    ]);
  });

  it('writes choice labels in the language asked when labels are chosen', () => {
    const labelled = planExport([villageSurvey], { labels: true, language: LANGUAGES.FR, mediaBase });
    const [row] = rowsOf(labelled, labelled.main, [first]);
    expect(row).toMatchObject({
      Village: 'Ville de Rwamagana',
      Besoins: 'Eau potable; Abri',
      'Besoins/Eau potable': '1',
      'Besoins/Nourriture': '0',
      'Besoins/Abri': '1',
      Photo: `${mediaBase}/sub1/media/house%20front.jpg`,
    });
  });

  it('ignores answers of the wrong shape instead of failing the export', () => {
    const odd = submissionOf({ household: 'not a group', member: 'not a list', needs: { x: '1' } } as never);
    expect(rowsOf(plan, plan.main, [odd])[0]).toMatchObject({
      'household/village': '',
      needs: '',
      'needs/water': '',
    });
    expect(rowsOf(plan, member, [odd])).toEqual([]);
  });

  it('yields one batch per page', async () => {
    async function* pages() {
      yield [first, second];
      yield [old];
    }
    const batches: string[][][] = [];
    for await (const batch of tableRows(plan, member, pages())) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([3, 1]);
  });
});
