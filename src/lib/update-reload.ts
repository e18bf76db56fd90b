import { notify } from './notify';
import { hasUnsavedInput, whenNoUnsavedInput } from './unsaved-input';

export const RELOAD_AT_KEY = 'ngo-portal:update-reload-at';
/** An automatic reload within this long of the last one is taken for a loop and skipped. */
export const RELOAD_LOOP_WINDOW_MS = 10_000;

export const updateMessages = {
  available: 'A new version is available',
  waitForInput: 'The new version will load once your form is sent or cleared.',
} as const;

interface Options {
  reload?: () => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}

/**
 * When to reload the page for a new service worker. Two ways in: the user presses Reload on the
 * update toast (`applyUpdate`), or the controller changes under the page because another tab
 * activated the new worker (`onControllerChange`). Either way the page never reloads while a form
 * holds unsaved input (lib/unsaved-input.ts); and an automatic reload is skipped if this tab
 * reloaded for an update moments ago, so two workers taking turns cannot loop the page.
 */
export function createUpdateReloader({
  reload = () => window.location.reload(),
  storage = window.sessionStorage,
  now = Date.now,
}: Options = {}) {
  let userAsked = false;
  let reloading = false;

  const reloadedRecently = () => {
    const last = Number(storage.getItem(RELOAD_AT_KEY));
    return Number.isFinite(last) && last > 0 && now() - last < RELOAD_LOOP_WINDOW_MS;
  };

  async function waitForUnsavedInput() {
    if (!hasUnsavedInput()) return;
    notify.message(updateMessages.waitForInput);
    await whenNoUnsavedInput();
  }

  return {
    /** The toast's Reload: activates the waiting worker once no input is at risk. */
    async applyUpdate(skipWaiting: () => void) {
      userAsked = true;
      // Activated while the user keeps typing, the new worker could drop old chunks this page still loads.
      await waitForUnsavedInput();
      skipWaiting();
    },

    async onControllerChange() {
      if (reloading) return;
      reloading = true;
      await waitForUnsavedInput();
      if (!userAsked && reloadedRecently()) {
        reloading = false;
        return;
      }
      storage.setItem(RELOAD_AT_KEY, String(now()));
      reload();
    },
  };
}
export type UpdateReloader = ReturnType<typeof createUpdateReloader>;
