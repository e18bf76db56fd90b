import type { ReviewStatus } from '@contract/forms/api';
import { parseCalendarDate } from '@/lib/calendar-date';
import { dayParam, enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

/*
 * The responses screen's URL: which view, the filters (days as the date inputs hold them, not
 * instants, so a link reads well and means the same days to whoever opens it), the open response and
 * the labels' language. Read by hand like the listings' params: no schema library on the route (ADR 0006).
 */

/** contract/forms/api.ts's review states, typed from it: a value import would put zod on the route. */
export const REVIEW_STATUSES = [
  'received',
  'approved',
  'rejected',
] as const satisfies readonly ReviewStatus[];

export const reviewStatusLabel: Record<ReviewStatus, string> = {
  received: 'Received',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const RESPONSES_VIEWS = ['table', 'summary'] as const;
export type ResponsesView = (typeof RESPONSES_VIEWS)[number];

/** What narrows the responses: the listing's filters (GET …/submissions) with days for the range. */
export interface ResponsesFilter {
  /** First day received, 'YYYY-MM-DD' in the user's time zone. */
  from?: string;
  /** Last day received, included. */
  to?: string;
  reviewStatus?: ReviewStatus;
  /** A submitter's user id. */
  submittedBy?: string;
  /** A question's path ('household/head_age'), with `value`. */
  question?: string;
  value?: string;
}

export interface ResponsesSearch extends ResponsesFilter {
  view?: ResponsesView;
  /** The response open in the detail dialog. */
  response?: string;
  /** The language labels are shown in, as the form names it. */
  lang?: string;
}

export const responsesSearch = searchParamsReader<ResponsesSearch>({
  view: enumParam(RESPONSES_VIEWS),
  from: dayParam(),
  to: dayParam(),
  reviewStatus: enumParam(REVIEW_STATUSES),
  submittedBy: textParam(64),
  question: textParam(300),
  value: textParam(1_000),
  response: textParam(64),
  lang: textParam(100),
});

export const FILTER_FIELDS = ['from', 'to', 'reviewStatus', 'submittedBy', 'question', 'value'] as const;

/**
 * The filter part of the URL, without blank fields (so `{}` is the unfiltered list's one cache entry):
 * a question without a value (or a value without its question) narrows nothing and is left out.
 */
export function filterOf(search: ResponsesSearch): ResponsesFilter {
  const out: ResponsesFilter = {};
  for (const field of FILTER_FIELDS) {
    const value = search[field]?.trim();
    if (value) (out as Record<string, string>)[field] = value;
  }
  if (!out.question || !out.value) {
    delete out.question;
    delete out.value;
  }
  return out;
}

export const isFiltered = (filter: ResponsesFilter) => Object.keys(filter).length > 0;

/** Midnight starting `day` in the user's time zone, as an instant; undefined for no day. */
function dayStart(day: string | undefined, plusDays = 0): string | undefined {
  const date = parseCalendarDate(day);
  if (!date) return undefined;
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

/** The filter as the API's query: received from the start of `from` to the end of `to`. */
export function apiQueryOf(filter: ResponsesFilter): Record<string, string | undefined> {
  return {
    from: dayStart(filter.from),
    // The API's `to` is exclusive: the day after the last day, at midnight.
    to: dayStart(filter.to, 1),
    reviewStatus: filter.reviewStatus,
    submittedBy: filter.submittedBy,
    question: filter.question && filter.value ? filter.question : undefined,
    value: filter.question && filter.value ? filter.value : undefined,
  };
}

/** The message under 'To' when the range ends before it starts. */
export function rangeError(filter: Pick<ResponsesFilter, 'from' | 'to'>): string | undefined {
  return filter.from && filter.to && filter.to < filter.from
    ? 'The last day must be on or after the first day.'
    : undefined;
}
