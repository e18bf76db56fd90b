import { useSyncExternalStore } from 'react';

/**
 * Installing the app. Imported first thing by both entries (main.tsx, landing.tsx): Chromium fires
 * `beforeinstallprompt` once, often before React hydrates the header, so the event is caught here at
 * module load and kept until a button asks for it.
 *
 * - 'prompt': the browser offers installation; `promptInstall()` shows its dialog.
 * - 'ios-hint': iOS Safari, which has no prompt: show the 'Add to Home Screen' instructions.
 * - 'none': nothing to offer (already installed, running standalone, or the browser said no).
 */
export type InstallOption = 'prompt' | 'ios-hint' | 'none';

/** Chromium's event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Safari on iPhone/iPad; iPadOS asks for the desktop site, so a touch 'Macintosh' counts too. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
  // Chrome, Firefox, Edge and others on iOS name themselves; only Safari has no such token.
  return (
    ios && /safari/i.test(userAgent) && !/crios|fxios|edgios|opios|gsa\/|instagram|fban|fbav/i.test(userAgent)
  );
}

export function getInstallOption(): InstallOption {
  if (typeof window === 'undefined' || installed || isStandalone()) return 'none';
  if (deferred) return 'prompt';
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0) ? 'ios-hint' : 'none';
}

export function subscribeInstallOption(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows the browser's install dialog; the event can be used once, so the option goes either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  emit();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

/** 'none' on the server and while hydrating, so prerendered markup and the first render agree. */
export function useInstallOption(): InstallOption {
  return useSyncExternalStore(subscribeInstallOption, getInstallOption, () => 'none');
}

function listen(target: Window) {
  const onPrompt = (event: Event) => {
    // Keep the mini-infobar away: the header's button is the one place that offers installation.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    installed = false;
    emit();
  };
  const onInstalled = () => {
    deferred = null;
    installed = true;
    emit();
  };
  const standalone = target.matchMedia?.('(display-mode: standalone)');
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  // public/boot.js prompted with the event itself (a tap before the header was hydrated): it is spent.
  target.addEventListener('boot:install-prompted', () => {
    deferred = null;
    emit();
  });
  standalone?.addEventListener?.('change', emit);
}

if (typeof window !== 'undefined') {
  // public/boot.js holds an event that fired before this module loaded.
  const early = (window as Window & { __beforeInstallPrompt?: BeforeInstallPromptEvent })
    .__beforeInstallPrompt;
  if (early) deferred = early;
  listen(window);
}
