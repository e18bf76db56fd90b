import { z } from 'zod';
import { text } from './storable';

/*
 * Web Push (issue 16): a device that allows notifications gives the server its push subscription; a
 * mention or a direct message then reaches it while the app is closed. The server signs with its
 * VAPID key (RFC 8292), whose public half the page needs to subscribe.
 *
 * | Method | Path                     | Permission | Body               | Response                    |
 * |--------|--------------------------|------------|--------------------|-----------------------------|
 * | GET    | /push/key                | signed in  | –                  | 200 { publicKey }           |
 * | PUT    | /push/subscriptions      | signed in  | pushSubscriptionPut| 204 (the endpoint is now the caller's) |
 * | DELETE | /push/subscriptions      | signed in  | pushSubscriptionDelete | 204 (the caller's own only; none is fine) |
 */

export const PUSH_ENDPOINT_MAX = 2000;

const endpoint = text('Endpoint')
  .max(PUSH_ENDPOINT_MAX, 'Endpoint is too long.')
  .refine((v) => URL.canParse(v), 'Endpoint must be a URL.');

// Base64url of a P-256 public point (65 bytes) and of the 16-byte auth secret (RFC 8291).
const base64url = (label: string, bytes: number) =>
  text(label).regex(
    new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
    `${label} must be ${bytes} bytes in base64url.`,
  );

export const pushSubscriptionPut = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url('p256dh', 65), auth: base64url('auth', 16) }),
});
export type PushSubscriptionPut = z.infer<typeof pushSubscriptionPut>;

export const pushSubscriptionDelete = z.object({ endpoint });

export const pushKey = z.object({ publicKey: z.string() });

export type { PushPayload } from './push-payload';
