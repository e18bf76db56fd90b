import { api } from '@/lib/api-client';
import type { UserDataStore } from '@/lib/user-data-wipe';

/*
 * This device's Web Push subscription (issue 16, contract/push.ts): asked for only when the person
 * taps 'Notify me', never on page load (browsers punish sites that ask unprompted). The subscription
 * goes to the server, which pushes mentions and direct messages to it; the service worker shows them
 * (sw/push.ts).
 */

export type PushState =
  /** The browser cannot (no service worker or PushManager, e.g. iOS outside an installed app). */
  | 'unsupported'
  /** The person said no in the browser: only the browser's site settings can undo it. */
  | 'denied'
  | 'off'
  | 'on';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/** Asks the browser's permission, subscribes and tells the server; the new state. */
export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await api<{ publicKey: string }>('/push/key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api('/push/subscriptions', { method: 'PUT', body: subscription.toJSON() });
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await api('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * At logout the device stops being notified for that person: the browser's subscription is dropped
 * (its endpoint then answers 410 Gone, and the server forgets it on its next push).
 */
export const pushSubscriptionData: UserDataStore = {
  countUnsent: () => Promise.resolve(0),
  clear: async () => {
    const reg = await registration().catch(() => null);
    const subscription = await reg?.pushManager.getSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => false);
  },
};
