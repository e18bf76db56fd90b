import { hostname, networkInterfaces } from 'node:os';

/*
 * Links the server builds (mailed verification, reset and unlock links, payment return addresses, the
 * test-mode checkout) must open on a phone that reached the server as http://192.168.1.20:3000, not
 * only on the machine itself (ADR 0023). Without PUBLIC_URL they follow the address the request came
 * by, but only when that address names this server: the Host header is the client's to write, and a
 * forged one (evil.example) must never end up in a link mailed to someone else.
 */

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

/** The names and addresses this machine answers to, read each time: a laptop changes networks. */
function ownHostnames(): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const host = hostname().toLowerCase();
  if (host) {
    names.add(host);
    // mDNS: how phones on the office Wi-Fi reach a machine by name.
    names.add(host.endsWith('.local') ? host : `${host}.local`);
  }
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) names.add(a.address.toLowerCase().replace(/%.*$/, ''));
  }
  return names;
}

const isLoopbackAddress = (host: string) => /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
const isIpLiteral = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
// A socket on a dual-stack listener reports an IPv4 peer as ::ffff:a.b.c.d.
const plainAddress = (address: string) => address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');

/**
 * The origin of `url` when it is one this server answers on: http(s) as the server speaks, its own
 * port, and a host that is a loopback name or address, an address of one of this machine's network
 * interfaces, or the machine's hostname (or hostname.local). Null for anything else.
 *
 * `localAddress` is the address the request's connection reached, when there is a connection: an
 * address written in the Host must then be that one, so a request to 127.0.0.1 cannot name a LAN
 * address the server is not listening on (HOST=127.0.0.1) and have it mailed to someone.
 */
export function ownOrigin(
  url: string | URL,
  server: { protocol: 'http' | 'https'; port: number; localAddress?: string },
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${server.protocol}:`) return null;
  if (parsed.username || parsed.password) return null;
  const port = parsed.port ? Number(parsed.port) : server.protocol === 'https' ? 443 : 80;
  if (port !== server.port) return null;
  // WHATWG URL lower-cases names and writes IPv6 literals in brackets.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIpLiteral(host) && server.localAddress && plainAddress(server.localAddress) !== host) return null;
  if (!isLoopbackAddress(host) && !ownHostnames().has(host)) return null;
  return parsed.origin;
}
