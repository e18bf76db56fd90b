/* The Web Push message's shape: the server sends it, the service worker (sw/push.ts) shows it. No zod here: the worker imports it. */

/** What a notification carries (encrypted to the device); the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap opens, a path of the app. */
  url: string;
  /** Notifications of one conversation replace each other. */
  tag: string;
}
