import { z } from 'zod';
import { submissionsQuery } from './api';
import { questionTypes } from './definition';

/** GET /api/forms/{formId}/summary (issue 14): what a form's responses say, question by question. */

/** The most GPS positions a geopoint question's summary carries (the newest ones). */
export const SUMMARY_POINTS_MAX = 5_000;
/** The most distinct values a select question's counts carry (the most frequent ones). */
export const SUMMARY_VALUES_MAX = 500;
/** A number question's histogram has at most this many bins. */
export const SUMMARY_BINS_MAX = 10;

/** The responses listing's filters, without its paging. */
export const summaryQuery = submissionsQuery.omit({ limit: true, cursor: true });

const count = z.number().int().min(0);

export const questionSummary = z.object({
  path: z.string().meta({ description: 'The question’s names from the form’s root, `/`-separated.' }),
  type: z.enum(questionTypes),
  total: count.meta({
    description:
      'The responses matched; for a question inside a repeat, the instances of its repeat among them.',
  }),
  answered: count.meta({ description: 'Of `total`, how many hold a non-blank answer.' }),
  counts: z
    .array(z.object({ value: z.string(), count }))
    .optional()
    .meta({
      description: `Selects: each choice’s name and how many chose it (a select multiple counts every choice of an answer), most frequent first, at most ${SUMMARY_VALUES_MAX}.`,
    }),
  histogram: z
    .array(z.object({ from: z.number(), to: z.number(), count }))
    .optional()
    .meta({
      description: `Numbers (integer, decimal, range): at most ${SUMMARY_BINS_MAX} bins of equal width from the smallest answer, each \`from\` ≤ x < \`to\` (the last one includes \`to\`); whole numbers get whole-number bins. Empty bins are listed.`,
    }),
  points: z
    .array(z.tuple([z.number(), z.number()]))
    .optional()
    .meta({
      description: `Geopoints: [latitude, longitude] of the newest ${SUMMARY_POINTS_MAX.toLocaleString('en')} valid answers at most.`,
    }),
});
export type QuestionSummary = z.infer<typeof questionSummary>;

export const responsesSummary = z.object({
  version: z.number().int().nullable().meta({
    description: 'The published version whose questions are summarised; null while never published.',
  }),
  responses: count.meta({ description: 'The responses matched by the filters.' }),
  questions: z.array(questionSummary),
});
export type ResponsesSummary = z.infer<typeof responsesSummary>;
