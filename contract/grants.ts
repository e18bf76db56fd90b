import { z } from 'zod';
import {
  nullableDay,
  optionalHttpUrl,
  optionalText,
  publishedRangeIssue,
  publishedRangeValid,
  queryDay,
  querySearch,
  querySortBy,
  querySortOrder,
  queryText,
  requiredText,
} from './content-common';
import { pageQuery } from './paging';
import { day } from './storable';

export { contentIdParams as grantIdParams, sortOrders, type SortOrder } from './content-common';

export const grantSortFields = ['postDate', 'deadlineDate', 'title', 'grantSize'] as const;
export type GrantSortField = (typeof grantSortFields)[number];

/**
 * GET /api/grants query (SPEC §7). Every parameter is optional and blank means "not given".
 * - country, areaOfInterest: match any item of the grant's comma-separated list, trimmed, any letter case.
 * - category: the trimmed category, any letter case.
 * - publishedFrom, publishedTo: inclusive bounds on postDate (YYYY-MM-DD).
 * - search: word prefixes over title, donor agency, category, countries and areas; every word must match.
 * - sortBy (default postDate), sortOrder (default desc). grantSize sorts by the largest amount in the
 *   text (currencies not converted); grants without a deadline or an amount sort last either way.
 */
const grantListFields = {
  country: queryText('Country'),
  areaOfInterest: queryText('Area of interest'),
  category: queryText('Category'),
  publishedFrom: queryDay('Published from'),
  publishedTo: queryDay('Published to'),
  search: querySearch,
  sortBy: querySortBy(grantSortFields, 'postDate'),
  sortOrder: querySortOrder,
};
export const grantListQuery = z.object(grantListFields).refine(publishedRangeValid, publishedRangeIssue());
/** What the client may send: every field optional, blanks allowed. */
export type GrantListQuery = z.input<typeof grantListQuery>;
/** What the server works with: blanks gone, sort defaults applied. */
export type GrantListFilters = z.output<typeof grantListQuery>;
/**
 * A grants filter as the client holds it everywhere: the URL's search params, the filter form, the
 * query key and the offline matching. The query's own fields, each optional; blank means "not given".
 * Paging (limit, cursor) is not part of a filter.
 */
export type GrantFilter = Partial<Omit<GrantListFilters, 'limit' | 'cursor'>>;
/** The same query with the paging parameters of contract/paging.ts (`limit`, `cursor`). */
export const grantListPageQuery = z
  .object({ ...grantListFields, ...pageQuery.shape })
  .refine(publishedRangeValid, publishedRangeIssue());

/** One grant as the listing returns it (SPEC §3 Grant). */
export const grantSummary = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  donorAgency: z.string(),
  /** Free text, e.g. '$10,000 - $50,000' or 'Up to €75,000'. */
  grantSize: z.string(),
  /** YYYY-MM-DD */
  postDate: z.string(),
  /** YYYY-MM-DD; null for a rolling call. */
  deadlineDate: z.string().nullable(),
  /** As stored; legacy placeholder values ('funding-opportunity.png'…) mean the default grant image. */
  imageUrl: z.string().nullable(),
  /** Comma-separated list. */
  country: z.string(),
  /** Comma-separated list. */
  areaOfInterest: z.string(),
});
export type GrantSummary = z.infer<typeof grantSummary>;

/** GET /api/grants: all matching grants, sorted; no pagination (the client virtualises the list). */
export const grantList = z.array(grantSummary);
export type GrantList = z.infer<typeof grantList>;

/** GET /api/grants/{id}, and the answer of POST and PATCH. */
export const grantDetail = grantSummary.extend({
  description: z.string(),
  eligibility: z.string(),
  applicationUrl: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});
export type GrantDetail = z.infer<typeof grantDetail>;

/** ' south sudan ,Kenya,, ' → 'south sudan, Kenya': what the filters split on, stored tidily. */
const commaList = (label: string) =>
  optionalText(label, 1000).transform((v) =>
    v
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .join(', '),
  );

export const DEADLINE_AFTER_POST_MESSAGE = 'The deadline must be after the post date.';

const deadlineAfterPost = (g: { postDate?: string; deadlineDate?: string | null }) =>
  !g.postDate || !g.deadlineDate || g.deadlineDate > g.postDate;
/** A fresh object per schema: zod rewrites the params object it is given. */
const deadlineIssue = () => ({ message: DEADLINE_AFTER_POST_MESSAGE, path: ['deadlineDate'] });

/** Fields of a grant as written by POST and PATCH; PATCH takes any subset. */
const grantWriteFields = {
  title: requiredText('Title', 300),
  category: requiredText('Category', 120),
  donorAgency: requiredText('Donor agency', 200),
  grantSize: requiredText('Grant size', 100),
  postDate: day('Post date'),
  /** Null or blank: no deadline (a rolling call). */
  deadlineDate: nullableDay('Deadline'),
  imageUrl: optionalHttpUrl('Image URL'),
  country: commaList('Country'),
  areaOfInterest: commaList('Area of interest'),
  description: optionalText('Description', 20_000),
  eligibility: optionalText('Eligibility', 20_000),
  applicationUrl: optionalHttpUrl('Application URL'),
  sourceUrl: optionalHttpUrl('Source URL'),
};

/** POST /api/grants (SUPER_ADMIN). */
export const createGrantBody = z
  .object({
    ...grantWriteFields,
    deadlineDate: grantWriteFields.deadlineDate.optional().transform((v) => v ?? null),
    imageUrl: grantWriteFields.imageUrl.optional().transform((v) => v ?? null),
    country: grantWriteFields.country.optional().transform((v) => v ?? ''),
    areaOfInterest: grantWriteFields.areaOfInterest.optional().transform((v) => v ?? ''),
    description: grantWriteFields.description.optional().transform((v) => v ?? ''),
    eligibility: grantWriteFields.eligibility.optional().transform((v) => v ?? ''),
    applicationUrl: grantWriteFields.applicationUrl.optional().transform((v) => v ?? null),
    sourceUrl: grantWriteFields.sourceUrl.optional().transform((v) => v ?? null),
  })
  .refine(deadlineAfterPost, deadlineIssue());
export type CreateGrantBody = z.input<typeof createGrantBody>;

/**
 * PATCH /api/grants/{id} (SUPER_ADMIN): only the fields sent change; null (or blank) clears
 * deadlineDate and the URLs. The deadline rule is checked against the stored post date as well.
 */
export const updateGrantBody = z
  .object({
    title: grantWriteFields.title.optional(),
    category: grantWriteFields.category.optional(),
    donorAgency: grantWriteFields.donorAgency.optional(),
    grantSize: grantWriteFields.grantSize.optional(),
    postDate: grantWriteFields.postDate.optional(),
    deadlineDate: grantWriteFields.deadlineDate.optional(),
    imageUrl: grantWriteFields.imageUrl.optional(),
    country: grantWriteFields.country.optional(),
    areaOfInterest: grantWriteFields.areaOfInterest.optional(),
    description: grantWriteFields.description.optional(),
    eligibility: grantWriteFields.eligibility.optional(),
    applicationUrl: grantWriteFields.applicationUrl.optional(),
    sourceUrl: grantWriteFields.sourceUrl.optional(),
  })
  .refine(deadlineAfterPost, deadlineIssue());
export type UpdateGrantBody = z.input<typeof updateGrantBody>;
