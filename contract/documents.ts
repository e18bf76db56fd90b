import { z } from 'zod';
import { querySearch } from './content-common';
import { pageQuery } from './paging';
import { day, opaqueId, text } from './storable';

/*
 * Certificates and letters (issue 15, ADR 0045). An admin issues a volunteer a certificate (name, NGO,
 * period, approved hours, signer) or a reference letter made from the NGO's template; the figures are
 * fixed at the moment of issue (the approved minutes of the period then), and the PDF is drawn from
 * them whenever it is downloaded, so it is always the document that was issued. Each document has a
 * short code: its QR code leads to the public page /verify/{code}.
 *
 * Endpoints (under /api; bearer unless public; another NGO's document, or for a volunteer another's,
 * answers 404):
 * | Method | Path                          | Permission       | Body / query        | Response                        |
 * |--------|-------------------------------|------------------|---------------------|---------------------------------|
 * | GET    | /documents                    | documents:read   | documentListQuery   | 200 issuedDocument[] (paged)    |
 * | GET    | /documents/{documentId}       | documents:read   | –                   | 200 issuedDocument              |
 * | GET    | /documents/{documentId}/pdf   | documents:read   | –                   | 200 application/pdf (attachment)|
 * | POST   | /documents                    | documents:issue  | documentIssue       | 201 issuedDocument (Idempotency-Key) |
 * | POST   | /documents/bulk               | documents:issue  | documentBulkIssue   | 201 { issued: issuedDocument[], skipped } |
 * | POST   | /documents/{documentId}/revoke| documents:issue  | documentRevoke      | 200 issuedDocument (again: 200) |
 * | GET    | /documents/settings           | documents:read   | –                   | 200 documentSettings            |
 * | PUT    | /documents/settings           | documents:issue  | documentSettingsChange | 200 documentSettings (audited) |
 * | GET    | /documents/verify/{code}      | public           | –                   | 200 documentVerification; 404   |
 *
 * Verification is public and rate-limited per IP; a code not issued (a typo, a tampered code) is a 404
 * with the one error shape; a revoked document answers 200 with status 'revoked'.
 */

export const documentKinds = ['certificate', 'letter'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = {
  certificate: 'Volunteer certificate',
  letter: 'Reference letter',
};

export const LETTER_TEMPLATE_MAX = 5000;
export const SIGNER_MAX = 120;
export const DOCUMENT_REASON_MAX = 500;

/** The merge fields a letter template may use. */
export const letterMergeFields = ['name', 'hours', 'period', 'role', 'ngo', 'date', 'tasks'] as const;
export type LetterMergeField = (typeof letterMergeFields)[number];
export const letterMergeFieldHints: Record<LetterMergeField, string> = {
  name: 'the volunteer’s name',
  hours: 'their approved hours in the period',
  period: 'the period, e.g. 1 January 2026 – 31 December 2026',
  role: 'their role, e.g. Volunteer',
  ngo: 'your organisation’s name',
  date: 'the day of issue',
  tasks: 'the titles of the tasks they reported on in the period',
};

export const DEFAULT_LETTER_TEMPLATE = [
  'To whom it may concern,',
  '',
  'This letter confirms that {{name}} has served with {{ngo}} as a {{role}} during {{period}}, contributing {{hours}} hours of approved volunteer work.',
  '',
  'Their work included: {{tasks}}.',
  '',
  'We recommend {{name}} without reservation and would be glad to answer any question about their service.',
].join('\n');

const MERGE_FIELD = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/** The merge fields a template names that are not known (shown as the template's problem). */
export function unknownMergeFields(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(MERGE_FIELD)) {
    const field = match[1]!;
    if (!(letterMergeFields as readonly string[]).includes(field)) unknown.add(field);
  }
  return [...unknown];
}

/** The template with every {{field}} replaced by its value (the server renders; the editor previews). */
export function mergeLetter(template: string, values: Record<LetterMergeField, string>): string {
  return template.replace(MERGE_FIELD, (whole, field: string) =>
    Object.hasOwn(values, field) ? values[field as LetterMergeField] : whole,
  );
}

/**
 * A verification code: 10 characters of Crockford base32 (no I, L, O, U), shown as two groups of five
 * (ABCDE-FGHJK); the last character is a check symbol over the first nine, so a mistyped code is told
 * apart from an unknown one before any lookup. Codes are random (45 bits), never derived from an id.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

/** The code as typed or scanned: case, dashes and spaces ignored; I/L read as 1 and O as 0. */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function codeCheckSymbol(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum = (sum * 31 + CODE_ALPHABET.indexOf(body[i]!)) % 32;
  return CODE_ALPHABET[sum]!;
}

/** Whether a normalized code is well formed and its check symbol agrees. */
export function isWellFormedCode(code: string): boolean {
  if (code.length !== CODE_LENGTH) return false;
  if ([...code].some((ch) => !CODE_ALPHABET.includes(ch))) return false;
  return codeCheckSymbol(code.slice(0, -1)) === code.at(-1);
}

/** 'ABCDE-FGHJK'. */
export const formatCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The public address of a document's verification page (the QR code's content). */
export const verifyPath = (code: string) => `/verify/${formatCode(code)}`;

/** The `code` of the verification's 404s, so the page can word each. */
export const documentErrorCodes = {
  /** The code is not well formed (its check symbol disagrees): a typo. */
  codeMistyped: 'code_mistyped',
  /** A well-formed code that no document has. */
  documentUnknown: 'document_unknown',
} as const;

export const documentStatuses = ['valid', 'revoked'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** An issued document as the portal lists it. */
export const issuedDocument = z.object({
  id: z.string(),
  kind: z.enum(documentKinds),
  /** The normalized code (10 characters); shown with formatCode. */
  code: z.string(),
  status: z.enum(documentStatuses),
  volunteerId: z.string(),
  /** As printed on the document (a snapshot at issue). */
  volunteerName: z.string(),
  role: z.string(),
  ngoName: z.string(),
  /** YYYY-MM-DD, inclusive. */
  periodFrom: z.string(),
  periodTo: z.string(),
  /** The approved minutes of the period at the moment of issue. */
  minutes: z.number().int(),
  signerName: z.string(),
  signerTitle: z.string(),
  /** A letter's merged text; '' for a certificate. */
  body: z.string(),
  issuedById: z.string().nullable(),
  issuedByName: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type IssuedDocument = z.infer<typeof issuedDocument>;
export const issuedDocumentList = z.array(issuedDocument);

/** GET /api/documents: newest first (issued_at desc, id desc); staff filter by volunteer, kind, status. */
export const documentListQuery = pageQuery.extend({
  volunteerId: opaqueId('Volunteer').optional(),
  kind: z
    .enum(['', ...documentKinds], { error: 'Kind must be certificate or letter.' })
    .optional()
    .transform((v) => v || undefined),
  status: z
    .enum(['', ...documentStatuses], { error: 'Status must be valid or revoked.' })
    .optional()
    .transform((v) => v || undefined),
  q: querySearch,
});
export type DocumentListQuery = z.output<typeof documentListQuery>;

export const PERIOD_RANGE_MESSAGE = 'The period must end on or after its start.';

const signerName = text('Signer')
  .trim()
  .max(SIGNER_MAX, `Signer is too long (${SIGNER_MAX} characters at most).`);
const signerTitle = text('Signer title')
  .trim()
  .max(SIGNER_MAX, `Signer title is too long (${SIGNER_MAX} characters at most).`);

/**
 * POST /api/documents: one document for one volunteer of the NGO (400 naming `volunteerId` otherwise).
 * The signer defaults to the NGO's settings. A period in the future or with no approved hours is still
 * issued (a letter may say 0 hours): the screen warns first.
 */
export const documentIssue = z
  .object({
    volunteerId: opaqueId('Volunteer'),
    kind: z.enum(documentKinds, { error: 'Kind must be certificate or letter.' }),
    periodFrom: day('Period start'),
    periodTo: day('Period end'),
    signerName: signerName.optional(),
    signerTitle: signerTitle.optional(),
  })
  .refine((v) => v.periodFrom <= v.periodTo, { message: PERIOD_RANGE_MESSAGE, path: ['periodTo'] });
export type DocumentIssue = z.input<typeof documentIssue>;

/**
 * POST /api/documents/bulk: a certificate (or letter) for every active volunteer of the NGO with at
 * least `minHours` approved hours in the period, in one transaction. `skipped` counts the volunteers
 * below the threshold; a volunteer who already holds a valid document of that kind for exactly that
 * period is not issued another (counted in `alreadyIssued`).
 */
export const documentBulkIssue = z
  .object({
    kind: z.enum(documentKinds, { error: 'Kind must be certificate or letter.' }),
    periodFrom: day('Period start'),
    periodTo: day('Period end'),
    minHours: z
      .number({ error: 'Minimum hours must be a number.' })
      .min(0, 'Minimum hours cannot be negative.')
      .max(10_000, 'Minimum hours must be at most 10,000.'),
    signerName: signerName.optional(),
    signerTitle: signerTitle.optional(),
  })
  .refine((v) => v.periodFrom <= v.periodTo, { message: PERIOD_RANGE_MESSAGE, path: ['periodTo'] });
export type DocumentBulkIssue = z.input<typeof documentBulkIssue>;

export const documentBulkResult = z.object({
  issued: z.array(issuedDocument),
  skipped: z.number().int(),
  alreadyIssued: z.number().int(),
});
export type DocumentBulkResult = z.infer<typeof documentBulkResult>;

export const documentRevoke = z.object({
  reason: text('Reason')
    .trim()
    .min(1, 'Say why the document is revoked.')
    .max(DOCUMENT_REASON_MAX, `Reason is too long (${DOCUMENT_REASON_MAX} characters at most).`),
});
export type DocumentRevoke = z.input<typeof documentRevoke>;

/** The NGO's document settings: the letter template, the default signer, the logo. */
export const documentSettings = z.object({
  letterTemplate: z.string(),
  signerName: z.string(),
  signerTitle: z.string(),
  /** A PNG or JPEG of the NGO's Cloud Storage drawn at the top of each document; null for none. */
  logoFileId: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DocumentSettings = z.infer<typeof documentSettings>;

/** PUT /api/documents/settings. An unknown {{field}} in the template is a 400 naming `letterTemplate`. */
export const documentSettingsChange = z.object({
  letterTemplate: text('Letter template')
    .trim()
    .min(1, 'The letter template is required.')
    .max(LETTER_TEMPLATE_MAX, `The letter template is too long (${LETTER_TEMPLATE_MAX} characters at most).`)
    .refine((t) => unknownMergeFields(t).length === 0, {
      message: `The template uses a field that does not exist. Use only ${letterMergeFields.map((f) => `{{${f}}}`).join(', ')}.`,
    }),
  signerName,
  signerTitle,
  logoFileId: opaqueId('Logo').nullable(),
});
export type DocumentSettingsChange = z.input<typeof documentSettingsChange>;

/** GET /api/documents/verify/{code}: what the public verification page shows. */
export const documentVerification = z.object({
  code: z.string(),
  kind: z.enum(documentKinds),
  status: z.enum(documentStatuses),
  volunteerName: z.string(),
  ngoName: z.string(),
  role: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  minutes: z.number().int(),
  signerName: z.string(),
  signerTitle: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type DocumentVerification = z.infer<typeof documentVerification>;

export const documentIdParams = z.object({ documentId: opaqueId('Document id') });
/** The code as it arrives in the path (up to 20 characters, any case, dashes allowed). */
export const verifyCodeParams = z.object({
  code: text('Code').max(20, 'This is not a verification code.'),
});
