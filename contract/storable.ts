import { z } from 'zod';

/*
 * The one input rule shared by every request schema (bodies, query and path parameters): refuse what
 * the database cannot store, as a 400 with a field message, before it can become a 500.
 *
 * - Text: Postgres `text` cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 form (the driver
 *   would silently store U+FFFD instead). Every string of a request is built with `text()`.
 * - Days and instants: years 1900 to 9999 (instants in UTC). Postgres refuses year 0 ('0000-01-01' is a
 *   500 from the insert or the listing's comparison), JavaScript and the driver misread years below 100,
 *   and 'YYYY-MM-DD' strings sort as dates only with four-digit years. Nothing in this product is dated
 *   before 1900, so an earlier year is a typo ('0205' for '2025'), and a later-than-9999 instant such as
 *   '9999-12-31T23:00:00-05:00' is refused as well.
 *
 * The helpers are plain zod (the client validates its forms with the same schemas), and their messages
 * are written for a person filling a form.
 */

export const STORABLE_DAY_MIN = '1900-01-01';
export const STORABLE_DAY_MAX = '9999-12-31';
const INSTANT_MIN_MS = Date.UTC(1900, 0, 1);
// Date.UTC maps years 0..99 to 1900..1999; 10000 is out of that range.
const INSTANT_END_MS = Date.UTC(10000, 0, 1);

// With the u flag a well-formed surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when Postgres can store the string as written: no U+0000, no lone surrogate. */
export const isStorableText = (v: string) => !v.includes('\u0000') && !LONE_SURROGATE.test(v);

export const notAllowedCharacterMessage = (label: string) =>
  `${label} contains a character that is not allowed.`;

/**
 * The string builder of every request schema: a string Postgres can store. Chain the usual checks
 * (`.trim().min(1, …).max(…)`) after it. A missing value reads '<label> is required.', another type
 * '<label> must be text.'.
 */
export const text = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
    })
    .refine(isStorableText, { message: notAllowedCharacterMessage(label), abort: true });

/**
 * An id in a path or a body. Ids are opaque (lowercase ULIDs today), so only what the database cannot
 * compare is refused with a 400; any other unknown id is the route's 404, as the spec wants.
 */
export const opaqueId = (label: string) =>
  text(label).min(1, `${label} is required.`).max(64, `${label} is too long (64 characters at most).`);

const dayCheck = z.iso.date();

export const dayFormatMessage = (label: string) => `${label} must be a date written YYYY-MM-DD.`;
export const dayRangeMessage = (label: string) =>
  `${label} must be between ${STORABLE_DAY_MIN} and ${STORABLE_DAY_MAX}.`;

/** Why a 'YYYY-MM-DD' string is refused (impossible days such as 2025-02-30 included), or null. */
export function dayProblem(label: string, v: string): string | null {
  if (!dayCheck.safeParse(v).success) return dayFormatMessage(label);
  if (v < STORABLE_DAY_MIN || v > STORABLE_DAY_MAX) return dayRangeMessage(label);
  return null;
}

/** True for a calendar day the date columns hold and the product accepts. */
export const isStorableDay = (v: string) => dayProblem('', v) === null;

/** A `.superRefine()` check from a problem finder; blank passes when `allowBlank`. */
const issuesOf =
  (problem: (label: string, v: string) => string | null) =>
  (label: string, allowBlank: boolean) =>
  (v: string, ctx: z.RefinementCtx<string>) => {
    if (allowBlank && v === '') return;
    const message = problem(label, v);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
const dayIssues = issuesOf(dayProblem);

/** A calendar day, 'YYYY-MM-DD', in the storable years. */
export const day = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : dayFormatMessage(label)),
    })
    .superRefine(dayIssues(label, false))
    .meta({ format: 'date', description: `YYYY-MM-DD (${STORABLE_DAY_MIN} to ${STORABLE_DAY_MAX})` });

/** A calendar day or '' (a blank form field, a blank filter); trimmed. */
export const dayOrBlank = (label: string) =>
  z
    .string({ error: dayFormatMessage(label) })
    .trim()
    .superRefine(dayIssues(label, true))
    .meta({ description: `YYYY-MM-DD (${STORABLE_DAY_MIN} to ${STORABLE_DAY_MAX}), or blank` });

export const instantFormatMessage = (label: string) =>
  `${label} must be an ISO 8601 date and time with a time zone (such as 2025-01-31T09:00:00Z).`;
export const instantRangeMessage = (label: string) =>
  `${label} must be between ${STORABLE_DAY_MIN} and ${STORABLE_DAY_MAX} (UTC).`;

const instantCheck = z.iso.datetime({ offset: true });

/** Why an ISO 8601 date-time is refused, or null. The range applies to the instant in UTC. */
export function instantProblem(label: string, v: string): string | null {
  if (!instantCheck.safeParse(v).success) return instantFormatMessage(label);
  const ms = Date.parse(v);
  if (!(ms >= INSTANT_MIN_MS && ms < INSTANT_END_MS)) return instantRangeMessage(label);
  return null;
}

const instantIssues = issuesOf(instantProblem);

/** An instant, ISO 8601 with 'Z' or an offset, whose UTC time is in the storable years. */
export const instant = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : instantFormatMessage(label)),
    })
    .superRefine(instantIssues(label, false))
    .meta({ format: 'date-time', description: 'ISO 8601 date and time with a time zone' });

/** An instant or '' (a blank form field); trimmed. */
export const instantOrBlank = (label: string) =>
  z
    .string({ error: instantFormatMessage(label) })
    .trim()
    .superRefine(instantIssues(label, true))
    .meta({ description: 'ISO 8601 date and time with a time zone, or blank' });
