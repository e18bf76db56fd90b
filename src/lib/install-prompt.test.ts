import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallPrompt from './install-prompt';

let mod: typeof InstallPrompt;

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A stand-in for Chromium's event: `prompt()` and the user's choice. */
function fakeInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  return Object.assign(event, {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
}

beforeEach(async () => {
  vi.resetModules();
  mod = await import('./install-prompt');
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { standalone?: boolean }).standalone;
});

describe('install prompt', () => {
  it('offers nothing until the browser fires beforeinstallprompt, then keeps it for a button', () => {
    expect(mod.getInstallOption()).toBe('none');
    const listener = vi.fn();
    mod.subscribeInstallOption(listener);
    const event = fakeInstallPrompt();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(mod.getInstallOption()).toBe('prompt');
  });

  it('shows the browser dialog once and reports the choice', async () => {
    const event = fakeInstallPrompt('dismissed');
    window.dispatchEvent(event);
    await expect(mod.promptInstall()).resolves.toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(mod.getInstallOption()).toBe('none');
    await expect(mod.promptInstall()).resolves.toBe('unavailable');
  });

  it('offers nothing once installed', () => {
    window.dispatchEvent(fakeInstallPrompt());
    window.dispatchEvent(new Event('appinstalled'));
    expect(mod.getInstallOption()).toBe('none');
  });

  it('gives iOS Safari the Add to Home Screen hint, unless already running standalone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    expect(mod.getInstallOption()).toBe('ios-hint');
    (navigator as { standalone?: boolean }).standalone = true;
    expect(mod.getInstallOption()).toBe('none');
  });

  it.each([
    [IPHONE_SAFARI, 0, true],
    [IPAD_DESKTOP_MODE, 5, true],
    [IPAD_DESKTOP_MODE, 0, false],
    [IPHONE_CHROME, 5, false],
    [ANDROID_CHROME, 5, false],
  ])('tells iOS Safari apart (%#)', (ua, touchPoints, expected) => {
    expect(mod.isIosSafari(ua, touchPoints)).toBe(expected);
  });
});
