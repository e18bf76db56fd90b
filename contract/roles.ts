export const roles = [
  'SUPER_ADMIN',
  'ADMIN',
  'NGO_ADMIN',
  'STAFF',
  'VOLUNTEER',
  'ANALYST',
  'VIEWER',
] as const;
export type Role = (typeof roles)[number];

/** Stored data may carry a lowercase `admin`; every other spelling is taken as written. */
export function normalizeRole(role: string | null | undefined): string {
  if (!role) return '';
  return role === 'admin' ? 'ADMIN' : role;
}
