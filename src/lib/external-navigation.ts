/**
 * Leaves the app for another site (the payment provider's hosted checkout). One seam, so tests can
 * see where the page would have gone: jsdom cannot navigate, and `location.assign` cannot be spied.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
