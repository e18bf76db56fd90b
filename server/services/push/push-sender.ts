import type { Agent } from 'node:https';
import { isIP } from 'node:net';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { PushPayload } from '../../../contract/push';

/*
 * Web Push through the `web-push` library: it signs each request with the server's VAPID key (RFC
 * 8292) and encrypts the payload to the subscription's keys (RFC 8291, aes128gcm), so the push
 * service in between (FCM, Mozilla's) reads nothing. Tests point subscriptions at
 * server/testing/push-stand-in.ts, which speaks the same protocol.
 */

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** A contact for the push service's operators: mailto: or https:. */
  subject: string;
}

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone': the push service says the subscription no longer exists (404/410): forget it. */
export type PushResult = 'sent' | 'gone' | 'failed';

export interface PushSender {
  publicKey: string;
  send(subscription: StoredSubscription, payload: PushPayload): Promise<PushResult>;
}

/** A notification nobody saw within a day is stale: the push service may drop it then. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** `agent`: tests pass one trusting the local stand-in's certificate (web-push speaks https only). */
export function createPushSender(config: VapidConfig, logger: Logger, agent?: Agent): PushSender {
  return {
    publicKey: config.publicKey,
    async send(subscription, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: config,
            TTL: TTL_SECONDS,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: TIMEOUT_MS,
            ...(agent && { agent }),
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        // The endpoint's host only: a subscription URL is a bearer address for that device.
        logger.warn({ status, host: new URL(subscription.endpoint).host }, 'web push failed');
        return 'failed';
      }
    },
  };
}

/**
 * Whether the server may POST to this endpoint: https to a named host. A subscription's endpoint is
 * given by the client, so an address on the server's own network (an IP literal, localhost) is
 * refused unless `allowPrivate` (tests and the local stand-in).
 */
export function pushEndpointAllowed(endpoint: string, allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    url.protocol === 'https:' &&
    isIP(host) === 0 &&
    host !== 'localhost' &&
    !host.endsWith('.localhost') &&
    !host.endsWith('.local') &&
    host.includes('.')
  );
}

/** A fresh VAPID key pair (base64url), for a server that was given none. */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
