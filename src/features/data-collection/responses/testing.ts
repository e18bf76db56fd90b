import type { PublicFormDefinition, Submission } from '@contract/forms/api';
import type { FormDefinition } from '@contract/forms/definition';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import type { ResponsesSummary } from '@contract/forms/summary';

/** A form with the shapes the screen draws: choices in two languages, a number, a GPS point, a group, a repeat. */
export const surveyDefinition: FormDefinition = {
  title: 'Household survey',
  languages: ['English (en)', 'French (fr)'],
  questions: [
    { name: 'village', type: 'text', label: { 'English (en)': 'Village', 'French (fr)': 'Village' } },
    { name: 'age', type: 'integer', label: { 'English (en)': 'Age', 'French (fr)': 'Âge' } },
    {
      name: 'has_children',
      type: 'select_one',
      listName: 'yesno',
      label: { 'English (en)': 'Children?', 'French (fr)': 'Enfants ?' },
    },
    {
      name: 'needs',
      type: 'select_multiple',
      listName: 'needs',
      label: { 'English (en)': 'Needs', 'French (fr)': 'Besoins' },
    },
    { name: 'location', type: 'geopoint', label: { 'English (en)': 'Where' } },
    {
      name: 'house',
      type: 'group',
      label: { 'English (en)': 'House' },
      children: [{ name: 'rooms', type: 'integer', label: { 'English (en)': 'Rooms' } }],
    },
    {
      name: 'member',
      type: 'repeat',
      label: { 'English (en)': 'Members' },
      children: [{ name: 'member_name', type: 'text', label: { 'English (en)': 'Name' } }],
    },
  ],
  choices: {
    yesno: [
      { name: 'yes', label: { 'English (en)': 'Yes', 'French (fr)': 'Oui' } },
      { name: 'no', label: { 'English (en)': 'No', 'French (fr)': 'Non' } },
    ],
    needs: [
      { name: 'food', label: { 'English (en)': 'Food', 'French (fr)': 'Nourriture' } },
      { name: 'water', label: { 'English (en)': 'Water', 'French (fr)': 'Eau' } },
    ],
  },
};

export const publishedSurvey: PublicFormDefinition = {
  formId: 'F1',
  version: 2,
  status: 'open',
  ngoName: 'Test Relief',
  definition: surveyDefinition,
};

export const formDetailOf = (responseCount: number) => ({
  id: 'F1',
  title: 'Household survey',
  status: 'open',
  publishedVersion: 2,
  hasUnpublishedChanges: false,
  questionCount: 7,
  responseCount,
  lastSubmissionAt: '2026-03-14T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  draft: surveyDefinition,
});

let n = 0;
export function submissionOf(overrides: Partial<Submission> = {}): Submission {
  n++;
  return {
    id: `S${n}`,
    instanceId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    version: 2,
    answers: {
      village: `Village ${n}`,
      age: '42',
      has_children: 'yes',
      needs: 'food water',
      location: '-1.95 30.06 0 5',
      house: { rooms: '3' },
      member: [{ member_name: 'Aline' }, { member_name: 'Eric' }],
    },
    submittedBy: { id: 'U1', name: 'Amina' },
    submittedAt: '2026-03-14T08:55:00.000Z',
    receivedAt: '2026-03-14T09:00:00.000Z',
    reviewStatus: 'received',
    reviewComment: null,
    updatedAt: '2026-03-14T09:00:00.000Z',
    media: [],
    ...overrides,
  };
}

export const summaryOf = (responses: number): ResponsesSummary => ({
  version: 2,
  responses,
  questions: [
    { path: 'village', type: 'text', total: responses, answered: responses },
    {
      path: 'age',
      type: 'integer',
      total: responses,
      answered: 4,
      histogram: [
        { from: 20, to: 30, count: 1 },
        { from: 30, to: 40, count: 0 },
        { from: 40, to: 50, count: 3 },
      ],
    },
    {
      path: 'has_children',
      type: 'select_one',
      total: responses,
      answered: 4,
      counts: [
        { value: 'yes', count: 3 },
        { value: 'no', count: 1 },
      ],
    },
    {
      path: 'location',
      type: 'geopoint',
      total: responses,
      answered: 2,
      points: [
        [-1.95, 30.06],
        [-2.1, 30.4],
      ],
    },
  ],
});

export interface StubOptions {
  /** The pages of responses, in order; each but the last carries a Next-Cursor. */
  pages?: Submission[][];
  /** Answers for other requests; return undefined to fall through. */
  extra?: (request: StubbedRequest, url: URL) => Response | undefined | Promise<Response | undefined>;
  responseCount?: number;
}

/** The API the screen talks to, answered from fixtures; `requests` records what was asked. */
export function stubResponsesApi({ pages = [[submissionOf()]], extra, responseCount = 1 }: StubOptions = {}) {
  return stubFetch(async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const answered = await extra?.(request, url);
    if (answered) return answered;
    const path = url.pathname;
    if (path === '/api/forms/F1') return jsonResponse(formDetailOf(responseCount));
    if (path === '/api/forms/F1/definition') return jsonResponse(publishedSurvey);
    if (path === '/api/forms/F1/submissions') {
      const cursor = url.searchParams.get('cursor');
      const index = cursor ? Number(cursor) : 0;
      const response = jsonResponse(pages[index] ?? []);
      if (index < pages.length - 1) response.headers.set('Next-Cursor', String(index + 1));
      return response;
    }
    const one = /^\/api\/forms\/F1\/submissions\/([^/]+)$/.exec(path);
    if (one) {
      const found = pages.flat().find((s) => s.id === one[1]);
      return found ? jsonResponse(found) : jsonResponse({ message: 'Response not found.' }, 404);
    }
    if (/\/history$/.test(path)) return jsonResponse([]);
    if (path === '/api/forms/F1/summary') return jsonResponse(summaryOf(responseCount));
    return jsonResponse({ message: 'Not found.', code: 'not_found' }, 404);
  });
}
