import type { OfflineRegistration } from '@/lib/offline-registration';

/** The dashboard's summary opens offline (wiped at logout or a 401). Key: api/get-dashboard-summary.ts. */
export const dashboardOffline: OfflineRegistration = { root: 'dashboard', persist: ['summary'] };
