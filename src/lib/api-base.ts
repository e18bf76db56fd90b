export interface HostRewrite {
  plainHost?: string;
  ngoHost?: string;
}

/**
 * SPEC §7: at start-up, a base address on the plain backend host is rewritten to the
 * NGO-specific backend host, with a warning. Relative bases ('/api') are same-origin and stay.
 */
export function resolveApiBase(
  base: string,
  rewrite: HostRewrite,
  warn: (msg: string) => void = console.warn,
) {
  if (!rewrite.plainHost || !rewrite.ngoHost || !/^https?:\/\//i.test(base)) return base;
  const url = new URL(base);
  if (url.host !== rewrite.plainHost) return base;
  url.host = rewrite.ngoHost;
  const rewritten = url.toString().replace(/\/$/, '');
  warn(`API base ${base} points at the plain backend host; using ${rewritten} instead.`);
  return rewritten;
}
