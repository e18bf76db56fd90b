/** Only same-origin paths may be a post-sign-in destination; anything else goes to the dashboard. */
export function safeRedirectTarget(target: unknown, fallback = '/dashboard'): string {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.includes('\\')
  ) {
    return fallback;
  }
  if (/^\/(signin|signup)(\/|\?|$)/.test(target)) return fallback;
  return target;
}
