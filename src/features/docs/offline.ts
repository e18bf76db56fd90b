import type { OfflineRegistration } from '@/lib/offline-registration';

/** The API reference (the OpenAPI document) opens offline. Key: api/get-openapi-document.ts. */
export const docsOffline: OfflineRegistration = { root: 'docs', persist: ['openapi'] };
