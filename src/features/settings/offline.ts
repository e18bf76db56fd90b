import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * The organisation's plan and payment history open offline in account settings (wiped at logout or
 * a 401). Keys: billingQueryKeys (api/get-subscription.ts).
 */
export const billingOffline: OfflineRegistration = { root: 'billing', persist: ['subscription', 'history'] };
