import type { causes } from '../db/schema';

/*
 * Cause rules that more than one resource needs: the causes routes show whether a cause takes
 * donations, and the payments routes refuse a donation checkout when it does not.
 */

/** Today in UTC, 'YYYY-MM-DD': a cause takes donations through its end date inclusive. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A published cause whose end date, if any, has not passed takes donations. */
export const acceptsDonations = (c: Pick<typeof causes.$inferSelect, 'status' | 'endDate'>) =>
  c.status === 'published' && (!c.endDate || c.endDate >= todayUtc());
