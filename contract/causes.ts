import { z } from 'zod';
import { nullableDay, optionalHttpUrl, optionalText, requiredText } from './content-common';
import { opaqueId } from './storable';
import { currencySchema, donationMaxMinor, type Currency } from './payments';

/*
 * Fundraising causes of an NGO and their donations. Money is integer minor units plus the cause's
 * currency (see currencyExponent in ./payments). Cause ids are dash-free (a donation tx_ref carries one).
 *
 * Endpoints (all under /api):
 * | Method | Path                      | Auth                                         | Body              | Response             |
 * |--------|---------------------------|----------------------------------------------|-------------------|----------------------|
 * | GET    | /causes                   | bearer, any member of the NGO                | –                 | 200 causeList        |
 * | POST   | /causes                   | bearer, NGO_ADMIN or STAFF                   | createCauseBody   | 201 causeDetail      |
 * | GET    | /causes/{causeId}         | bearer, any member of the NGO                | –                 | 200 causeDetail      |
 * | PATCH  | /causes/{causeId}         | bearer, NGO_ADMIN or STAFF                   | updateCauseBody   | 200 causeDetail      |
 * | DELETE | /causes/{causeId}         | bearer, NGO_ADMIN; 409 once it has donations | –                 | 204                  |
 * | GET    | /causes/{causeId}/public  | public; published causes only, else 404      | –                 | 200 publicCause      |
 *
 * A cause of another NGO answers 404, never 403. Donations are made through
 * POST /payments/{provider}/checkout/donation (./payments).
 */

export const causeStatuses = ['published', 'draft'] as const;
export type CauseStatus = (typeof causeStatuses)[number];

export const causeIdParams = z.object({ causeId: opaqueId('Cause id') });
export type CauseIdParams = z.infer<typeof causeIdParams>;

/** One recent donation as the cause page shows it. */
export const recentDonation = z.object({
  id: z.string(),
  /** Null when the donor chose to stay anonymous or gave no name: show 'Anonymous'. */
  donorName: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: currencySchema,
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** Made through the built-in test-mode simulator: no real money moved; shown as such. */
  testMode: z.boolean(),
});
export type RecentDonation = z.infer<typeof recentDonation>;

/** A cause in the NGO's list (GET /causes), newest first. */
export const causeSummary = z.object({
  id: z.string(),
  title: z.string(),
  goalMinor: z.number().int(),
  raisedMinor: z.number().int(),
  currency: currencySchema,
  donorCount: z.number().int(),
  imageUrl: z.string().nullable(),
  /** YYYY-MM-DD, last day donations are taken; null for no end date. */
  endDate: z.string().nullable(),
  status: z.enum(causeStatuses),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
});
export type CauseSummary = z.infer<typeof causeSummary>;

export const causeList = z.array(causeSummary);
export type CauseList = z.infer<typeof causeList>;

/** GET /causes/{causeId}, and the answer of POST and PATCH. */
export const causeDetail = causeSummary.extend({
  story: z.string(),
  /** Minor units, ascending; the embed's quick-pick buttons. */
  suggestedAmountsMinor: z.array(z.number().int()),
  /** Newest first, at most 20. */
  recentDonations: z.array(recentDonation),
  /** ISO 8601 (UTC). */
  updatedAt: z.string(),
});
export type CauseDetail = z.infer<typeof causeDetail>;

/** GET /causes/{causeId}/public: what the embed and public pages may show, nothing internal. */
export const publicCause = z.object({
  id: z.string(),
  title: z.string(),
  story: z.string(),
  ngoName: z.string(),
  goalMinor: z.number().int(),
  raisedMinor: z.number().int(),
  currency: currencySchema,
  donorCount: z.number().int(),
  imageUrl: z.string().nullable(),
  endDate: z.string().nullable(),
  suggestedAmountsMinor: z.array(z.number().int()),
  /** False once the end date has passed: show the progress, hide the donate form. */
  acceptingDonations: z.boolean(),
  /** Largest single donation accepted, minor units. */
  maxDonationMinor: z.number().int(),
  recentDonations: z.array(recentDonation),
});
export type PublicCause = z.infer<typeof publicCause>;

const minorAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number of minor units.`)
    .positive(`${label} must be more than zero.`);

const causeWriteFields = {
  title: requiredText('Title', 200),
  story: optionalText('Story', 20_000),
  goalMinor: minorAmount('Goal'),
  currency: currencySchema,
  imageUrl: optionalHttpUrl('Image URL'),
  endDate: nullableDay('End date'),
  /** Up to 6 distinct amounts; sorted ascending on save. */
  suggestedAmountsMinor: z
    .array(minorAmount('Suggested amount'))
    .max(6, 'At most 6 suggested amounts.')
    .transform((v) => [...new Set(v)].sort((a, b) => a - b)),
  status: z.enum(causeStatuses, { error: 'Status must be published or draft.' }),
};

const suggestedWithinMax = (c: { currency?: Currency; suggestedAmountsMinor?: number[] }) =>
  !c.currency ||
  !c.suggestedAmountsMinor ||
  c.suggestedAmountsMinor.every((a) => a <= donationMaxMinor(c.currency!));
const suggestedIssue = () => ({
  message: 'A suggested amount is above the largest donation accepted.',
  path: ['suggestedAmountsMinor'],
});

/** POST /causes (NGO_ADMIN, STAFF). Defaults: story '', no image, no end date, no suggestions, draft. */
export const createCauseBody = z
  .object({
    ...causeWriteFields,
    story: causeWriteFields.story.optional().transform((v) => v ?? ''),
    imageUrl: causeWriteFields.imageUrl.optional().transform((v) => v ?? null),
    endDate: causeWriteFields.endDate.optional().transform((v) => v ?? null),
    suggestedAmountsMinor: causeWriteFields.suggestedAmountsMinor.optional().transform((v) => v ?? []),
    status: causeWriteFields.status.default('draft'),
  })
  .refine(suggestedWithinMax, suggestedIssue());
export type CreateCauseBody = z.input<typeof createCauseBody>;
/** What the server works with after parsing. */
export type CreateCauseValues = z.output<typeof createCauseBody>;

/**
 * PATCH /causes/{causeId} (NGO_ADMIN, STAFF): only the fields sent change; null or blank clears
 * imageUrl and endDate. The currency cannot change once the cause has donations (409).
 */
export const updateCauseBody = z
  .object({
    title: causeWriteFields.title.optional(),
    story: causeWriteFields.story.optional(),
    goalMinor: causeWriteFields.goalMinor.optional(),
    currency: causeWriteFields.currency.optional(),
    imageUrl: causeWriteFields.imageUrl.optional(),
    endDate: causeWriteFields.endDate.optional(),
    suggestedAmountsMinor: causeWriteFields.suggestedAmountsMinor.optional(),
    status: causeWriteFields.status.optional(),
  })
  .refine(suggestedWithinMax, suggestedIssue());
export type UpdateCauseBody = z.input<typeof updateCauseBody>;
export type UpdateCauseValues = z.output<typeof updateCauseBody>;
