/** GET /payments/subscription and /payments/history answer NGO_ADMIN and ADMIN only (the server decides). */
export const canSeeBilling = (role: string | null | undefined) => role === 'NGO_ADMIN' || role === 'ADMIN';
