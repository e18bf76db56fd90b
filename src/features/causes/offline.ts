import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * The organisation's causes and each cause opened, for reading offline (wiped at logout or a 401).
 * Not the public cause page's answer. Keys: causesQueryKeys (api/query-keys.ts).
 */
export const causesOffline: OfflineRegistration = { root: 'causes', persist: ['list', 'detail'] };
