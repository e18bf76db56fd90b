import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The links a campaign's email carries (ADR 0050): unsubscribe (a page and RFC 8058's one-click POST)
 * and the open-tracking image. Each names the recipient row and carries an HMAC of it, keyed from
 * JWT_SECRET with the link's purpose, so a link cannot be made for another recipient, nor an open link
 * used to unsubscribe. No expiry: an unsubscribe link must work years later (CAN-SPAM, RFC 8058).
 */
export type LinkPurpose = 'unsubscribe' | 'open';

const keyOf = (secret: string) => createHmac('sha256', secret).update('campaign-links').digest();

function signature(secret: string, purpose: LinkPurpose, recipientId: string): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${purpose}\n${recipientId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function linkToken(secret: string, purpose: LinkPurpose, recipientId: string): string {
  return `${recipientId}.${signature(secret, purpose, recipientId)}`;
}

/** The recipient id a token names, or null when it was not signed by us for this purpose. */
export function recipientOfToken(secret: string, purpose: LinkPurpose, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 200) return null;
  const recipientId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, recipientId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? recipientId : null;
}

export const unsubscribePath = '/api/unsubscribe';
export const openPixelPath = '/api/campaigns/opened';

export const unsubscribeUrl = (appUrl: string, secret: string, recipientId: string) =>
  `${appUrl}${unsubscribePath}?t=${encodeURIComponent(linkToken(secret, 'unsubscribe', recipientId))}`;

export const openPixelUrl = (appUrl: string, secret: string, recipientId: string) =>
  `${appUrl}${openPixelPath}/${encodeURIComponent(linkToken(secret, 'open', recipientId))}.gif`;
