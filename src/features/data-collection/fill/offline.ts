import { FORM_DEFINITIONS_CACHE } from '@contract/offline-caches';
import type { SideQueue } from '@/lib/outbox';
import type { OfflineRegistration } from '@/lib/offline-registration';
import { formDrafts } from './form-drafts';
import { formMedia } from './form-media';

const fillPage = (formId: string) => `/data-collection/forms/${encodeURIComponent(formId)}/fill`;

/** A signed-in user's response files not sent yet, listed with the outbox (lib/outbox/side-queues.ts). */
const mediaAsSideQueue: SideQueue = {
  list: async (userId) =>
    (await formMedia.due(async (id) => Boolean(await formDrafts.get(id))))
      .filter((m) => m.userId === userId)
      .map((m) => ({
        id: m.key,
        label: `${m.name} (file of a form response)`,
        createdAt: m.createdAt,
        href: fillPage(m.formId),
        action: 'See it on the form',
      })),
  subscribe: formMedia.subscribe,
};

/**
 * The fill page's offline footprint (issue 14): the published definitions opened on this device (in
 * the persisted query cache, and in the worker's shared cache, which logout keeps: a definition is the
 * same for everyone), the drafts being filled and the files their answers took, a signed-in user's
 * wiped at logout after the unsent warning has counted them. Responses themselves wait in the outbox;
 * their files upload from here, picked up again whenever the app starts.
 */
export const formFillOffline: OfflineRegistration = {
  root: 'form-fill',
  persist: ['definition'],
  sharedCaches: [FORM_DEFINITIONS_CACHE],
  userData: [formDrafts.userData, formMedia.userData],
  sideQueues: [mediaAsSideQueue],
  // The uploader (and tus) loads only when a submitted response left files on this device.
  resume: () => {
    const start = () =>
      void formMedia
        .due(async (id) => Boolean(await formDrafts.get(id)))
        .then(async (due) => {
          if (!due.some((m) => !m.refused)) return;
          const { mediaUploader } = await import('./media-uploader');
          mediaUploader.start();
        })
        .catch(() => undefined);
    if (document.readyState === 'complete') setTimeout(start, 0);
    else window.addEventListener('load', start, { once: true });
  },
};
