/*
 * Kept free of zod (the shared contract's value imports pull it in): these screens are the return
 * trip from the payment page, often on a phone with a poor connection.
 */

/**
 * SPEC §3: the donation tx_ref is `DON-{causeId}-{nonce}`; the cause id is its second dash-separated
 * segment, so ids must be dash-free (ULIDs are). Same rule as `causeIdFromTxRef` of the contract, plus
 * a character check, so a hand-edited reference never builds an odd path.
 */
export function causeIdFromTxRef(txRef: string | null | undefined): string | null {
  if (!txRef) return null;
  const [prefix, causeId] = txRef.split('-');
  return prefix === 'DON' && causeId && /^[A-Za-z0-9_]{1,64}$/.test(causeId) ? causeId : null;
}

/**
 * SPEC §4: where the donation thank-you screen goes after 5 seconds. A donation the server says
 * failed or was cancelled goes to the cause without the thank-you banner.
 */
export function donationRedirectTarget(causeId: string | null, { thankYou = true } = {}) {
  if (!causeId) return { to: '/causes' } as const;
  return thankYou
    ? ({ to: '/causes/$causeId', params: { causeId }, search: { donation_success: true } } as const)
    : ({ to: '/causes/$causeId', params: { causeId } } as const);
}

/** SPEC §9: post-verification redirect 3000 ms, donation redirect 5000 ms. */
export const VERIFIED_REDIRECT_MS = 3000;
export const DONATION_REDIRECT_MS = 5000;
