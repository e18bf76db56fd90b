/**
 * What the user reads when a submit was kept on the device instead of sent. `thing` completes
 * "Your … is saved on this device", e.g. 'subscription' or 'message'.
 */
export function queuedMessage(thing: string, reason: 'offline' | 'server'): string {
  const first = reason === 'offline' ? "You're offline." : "We couldn't reach our server just now.";
  return `${first} Your ${thing} is saved on this device and will be sent automatically when the connection is back.`;
}
