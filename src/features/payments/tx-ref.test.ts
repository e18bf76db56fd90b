import { causeIdFromTxRef as contractCauseIdFromTxRef } from '@contract/payments';
import { describe, expect, it } from 'vitest';
import { causeIdFromTxRef, donationRedirectTarget } from './tx-ref';

describe('causeIdFromTxRef', () => {
  it('reads the cause id as the second dash-separated segment of DON-{causeId}-{nonce}', () => {
    expect(causeIdFromTxRef('DON-01JCAUSE7XYZ-abc123')).toBe('01JCAUSE7XYZ');
    expect(causeIdFromTxRef('DON-c1-n')).toBe('c1');
  });

  it('gives null when no cause id can be derived', () => {
    for (const txRef of [undefined, null, '', 'DON', 'DON-', 'DON--nonce', 'SUB-ngo1-nonce', 'nodash'])
      expect(causeIdFromTxRef(txRef)).toBeNull();
  });

  it('refuses a segment that is no id, so no odd path is built', () => {
    expect(causeIdFromTxRef('DON-../admin-x')).toBeNull();
    expect(causeIdFromTxRef('DON-a b-x')).toBeNull();
  });

  it("agrees with the contract's rule on well-formed references", () => {
    for (const txRef of ['DON-01JCAUSE7XYZ-abc', 'DON-c1-n-extra', 'SUB-ngo-n', 'DON-', 'x'])
      expect(causeIdFromTxRef(txRef)).toBe(contractCauseIdFromTxRef(txRef));
  });
});

describe('donationRedirectTarget', () => {
  it('goes to the cause with the thank-you banner, else to /causes', () => {
    expect(donationRedirectTarget('c1')).toEqual({
      to: '/causes/$causeId',
      params: { causeId: 'c1' },
      search: { donation_success: true },
    });
    expect(donationRedirectTarget(null)).toEqual({ to: '/causes' });
    expect(donationRedirectTarget('c1', { thankYou: false })).toEqual({
      to: '/causes/$causeId',
      params: { causeId: 'c1' },
    });
  });
});
