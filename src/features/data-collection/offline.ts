import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * The NGO's forms and each form opened in the builder, for reading offline (wiped at logout or a 401).
 * Not the public fill page's definition (its own root, 'form-fill'). Keys: formsQueryKeys (api/query-keys.ts).
 */
export const formsOffline: OfflineRegistration = { root: 'forms', persist: ['list', 'detail'] };
