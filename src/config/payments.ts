import type { PaymentProvider } from '@contract/payments';

/**
 * The provider every checkout goes through; its name is the path segment of the spec's
 * /{provider}-callback and /{provider}-success routes. A type-only import keeps zod off the pages.
 */
export const paymentProvider = 'flutterwave' satisfies PaymentProvider;
