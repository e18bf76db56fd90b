import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from './notify';
import { setUnsavedInput } from './unsaved-input';
import { createUpdateReloader, RELOAD_AT_KEY, RELOAD_LOOP_WINDOW_MS, updateMessages } from './update-reload';

const form = Symbol('form');
let now = 1_000_000;
const setup = () => {
  const reload = vi.fn();
  const reloader = createUpdateReloader({ reload, storage: sessionStorage, now: () => now });
  return { reload, reloader };
};
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  vi.spyOn(notify, 'message').mockImplementation(() => undefined);
  sessionStorage.clear();
  now = 1_000_000;
});
afterEach(() => {
  setUnsavedInput(form, false);
  vi.restoreAllMocks();
});

describe('reloading for an update', () => {
  it('activates the waiting worker at once when no form holds input, then reloads on the controller change', async () => {
    const { reload, reloader } = setup();
    const skipWaiting = vi.fn();
    await reloader.applyUpdate(skipWaiting);
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    await reloader.onControllerChange();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_AT_KEY)).toBe(String(now));
  });

  it('says so and waits while a form holds unsaved input, then goes on once it is cleared', async () => {
    const { reload, reloader } = setup();
    setUnsavedInput(form, true);
    const skipWaiting = vi.fn();
    const applying = reloader.applyUpdate(skipWaiting);
    await flush();
    expect(notify.message).toHaveBeenCalledWith(updateMessages.waitForInput);
    expect(skipWaiting).not.toHaveBeenCalled();

    setUnsavedInput(form, false);
    await applying;
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    await reloader.onControllerChange();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload under unsaved input when another tab activated the worker', async () => {
    const { reload, reloader } = setup();
    setUnsavedInput(form, true);
    const changing = reloader.onControllerChange();
    await flush();
    expect(reload).not.toHaveBeenCalled();
    setUnsavedInput(form, false);
    await changing;
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('skips an automatic reload right after the last one, so the page cannot loop', async () => {
    sessionStorage.setItem(RELOAD_AT_KEY, String(now - 1_000));
    const first = setup();
    await first.reloader.onControllerChange();
    expect(first.reload).not.toHaveBeenCalled();

    now += RELOAD_LOOP_WINDOW_MS;
    await first.reloader.onControllerChange();
    expect(first.reload).toHaveBeenCalledTimes(1);
  });

  it('still reloads when the user pressed Reload, even right after an automatic reload', async () => {
    sessionStorage.setItem(RELOAD_AT_KEY, String(now - 1_000));
    const { reload, reloader } = setup();
    await reloader.applyUpdate(() => undefined);
    await reloader.onControllerChange();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once however many controller changes arrive', async () => {
    const { reload, reloader } = setup();
    await Promise.all([reloader.onControllerChange(), reloader.onControllerChange()]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
