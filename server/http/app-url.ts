import type { Context } from 'hono';
import type { Env } from '../env';
import { ownOrigin } from '../services/own-origin';

export type AppUrlEnv = Pick<Env, 'PUBLIC_URL' | 'publicUrlConfigured' | 'PORT' | 'TLS_CERT_FILE'>;

/** How this server was reached: its scheme, and the port and address the request's connection arrived on. */
export function serverAddressOf(c: Context, env: AppUrlEnv) {
  const protocol: 'http' | 'https' = env.TLS_CERT_FILE ? 'https' : 'http';
  // The socket's own port when there is one (PORT=0 picks a free one); app.request() in tests has none.
  const socket = (
    c.env as { incoming?: { socket?: { localPort?: number; localAddress?: string } } } | undefined
  )?.incoming?.socket;
  return { protocol, port: socket?.localPort ?? env.PORT, localAddress: socket?.localAddress };
}

/**
 * The origin every link of this request is built on (ADR 0023): PUBLIC_URL when it is set; otherwise
 * the address the request came by, when it names this server (services/own-origin.ts), so a phone on
 * the office Wi-Fi gets links it can open; otherwise the default, `http://localhost:PORT`.
 *
 * X-Forwarded-Host is not read, even with TRUST_PROXY: a public name behind a proxy cannot be checked
 * against this machine, so a deployment behind one sets PUBLIC_URL.
 */
export function appUrlOf(c: Context, env: AppUrlEnv): string {
  if (env.publicUrlConfigured) return env.PUBLIC_URL;
  return ownOrigin(c.req.url, serverAddressOf(c, env)) ?? env.PUBLIC_URL;
}

/**
 * The origin of `url` when a link may point there: PUBLIC_URL's origin; and, without PUBLIC_URL, any
 * origin naming this server. Null otherwise. For addresses handed to us in a body (a redirect_url).
 */
export function linkOriginOf(
  url: string,
  env: AppUrlEnv,
  server: { protocol: 'http' | 'https'; port: number } = {
    protocol: env.TLS_CERT_FILE ? 'https' : 'http',
    port: env.PORT,
  },
): string | null {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return null;
  }
  if (origin === new URL(env.PUBLIC_URL).origin) return origin;
  return env.publicUrlConfigured ? null : ownOrigin(url, server);
}
