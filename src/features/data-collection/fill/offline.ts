import { FORM_DEFINITIONS_CACHE } from '@contract/offline-caches';
import type { OfflineRegistration } from '@/lib/offline-registration';
import { formDrafts } from './form-drafts';

/**
 * The fill page's offline footprint (issue 14): the published definitions opened on this device (in
 * the persisted query cache, and in the worker's shared cache, which logout keeps: a definition is the
 * same for everyone), and the drafts being filled, a signed-in user's wiped at logout after the
 * unsent warning has counted them. Responses themselves wait in the outbox.
 */
export const formFillOffline: OfflineRegistration = {
  root: 'form-fill',
  persist: ['definition'],
  sharedCaches: [FORM_DEFINITIONS_CACHE],
  userData: [formDrafts.userData],
};
