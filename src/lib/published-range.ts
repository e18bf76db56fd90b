/*
 * The published-date range of the listings' filters (grants, blogs), checked before asking the server.
 */

/** The server's own words for a reversed range (contract/content-common.ts). */
export const PUBLISHED_RANGE_MESSAGE = 'The end date must be on or after the start date.';

interface PublishedRange {
  publishedFrom: string;
  publishedTo: string;
}

export const publishedRangeError = (range: PublishedRange) =>
  range.publishedFrom && range.publishedTo && range.publishedFrom > range.publishedTo
    ? PUBLISHED_RANGE_MESSAGE
    : undefined;

/**
 * The filters the list narrows by while they are being chosen: a reversed range (its message shown)
 * is left out, so the list keeps showing what the other filters match instead of a misleading 0.
 */
export const withUsableRange = <T extends PublishedRange>(draft: T): T =>
  publishedRangeError(draft) ? { ...draft, publishedFrom: '', publishedTo: '' } : draft;
