import { z } from 'zod';
import { opaqueId, text } from './storable';

/*
 * Share links (issue 13): a link that lets anyone, without an account, download one file of an NGO.
 * The link's token is random and shown once, when the link is made; the server keeps only its
 * SHA-256, so a copy of the database opens no file. A link may end at a time and may ask for a
 * password; it can be revoked, and counts its downloads.
 *
 * Endpoints (bearer; another NGO's file or link answers 404):
 * | Method | Path                | Who                             | Body / query     | Response          |
 * |--------|---------------------|---------------------------------|------------------|-------------------|
 * | POST   | /api/shares         | files:share                     | createShareBody  | 201 createdShare  |
 * | GET    | /api/shares?fileId  | files:share                     | shareListQuery   | 200 shareLink[]   |
 * | DELETE | /api/shares/{id}    | its maker, files:manage         | –                | 200 shareLink     |
 *
 * The public page (no account): GET /s/{token} (HTML: the file's name and size, a download button or
 * a password form), GET /s/{token}/download (a link without password), POST /s/{token}/download
 * (form field `password`). Unknown, revoked and ended links, and files in the trash, answer 404.
 */

export const SHARE_PASSWORD_MIN_CHARS = 6;
export const SHARE_PASSWORD_MAX_CHARS = 200;
/** A link may last a year at most; an older link is a forgotten one. */
export const SHARE_MAX_DAYS = 366;

export const shareIdParams = z.object({ shareId: opaqueId('Share id') });

export const createShareBody = z.object({
  fileId: opaqueId('File id'),
  /** ISO 8601 date-time in the future (at most SHARE_MAX_DAYS ahead); absent or null: never ends. */
  expiresAt: z
    .union([z.iso.datetime({ offset: true, error: 'Expiry must be a date and time (ISO 8601).' }), z.null()])
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      const at = Date.parse(value);
      if (at <= Date.now()) ctx.addIssue({ code: 'custom', message: 'Expiry must be in the future.' });
      else if (at > Date.now() + SHARE_MAX_DAYS * 86_400_000)
        ctx.addIssue({ code: 'custom', message: `Expiry can be at most ${SHARE_MAX_DAYS} days ahead.` });
    }),
  /** Absent or empty: no password. */
  password: text('Password')
    .max(SHARE_PASSWORD_MAX_CHARS, `Password is too long (${SHARE_PASSWORD_MAX_CHARS} characters at most).`)
    .refine((v) => v === '' || [...v].length >= SHARE_PASSWORD_MIN_CHARS, {
      message: `Password must have at least ${SHARE_PASSWORD_MIN_CHARS} characters.`,
    })
    .optional(),
});
export type CreateShareBody = z.input<typeof createShareBody>;

export const shareListQuery = z.object({ fileId: opaqueId('File id') });

/** A link as listed: never its token. */
export const shareLink = z.object({
  id: z.string(),
  fileId: z.string(),
  /** Who made it. */
  createdBy: z.string(),
  createdByName: z.string(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** Null: never ends. */
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
  downloads: z.number().int(),
  lastDownloadAt: z.string().nullable(),
  /** Null while the link works. */
  revokedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;
export const shareLinkList = z.array(shareLink);

/** POST /api/shares: the link, and its address, shown this once. */
export const createdShare = shareLink.extend({
  /** The absolute address of the public page, /s/{token}. */
  url: z.string(),
});
export type CreatedShare = z.infer<typeof createdShare>;

/** Whether a listed link still opens at `now`. */
export const shareIsLive = (link: Pick<ShareLink, 'revokedAt' | 'expiresAt'>, now = Date.now()) =>
  !link.revokedAt && (!link.expiresAt || Date.parse(link.expiresAt) > now);

/** Where the public page of a link lives: /s/{token}. */
export const SHARE_PAGE_PREFIX = '/s/';
