import type { Role } from '../../../contract/roles';

export const DEMO_PASSWORD = 'demo-pass-2026';

export const DEMO_NGO = {
  name: 'Hope Bridge Foundation (Demo)',
  plan: 'starter',
  // The schema has no city column; the organisation is based in Kigali.
  country: 'Rwanda',
} as const;

export const DEMO_USERS: readonly { email: string; role: Role; name: string }[] = [
  { email: 'superadmin@demo.ngo', role: 'SUPER_ADMIN', name: 'Sam Super' },
  { email: 'admin@demo.ngo', role: 'ADMIN', name: 'Ada Admin' },
  { email: 'ngoadmin@demo.ngo', role: 'NGO_ADMIN', name: 'Nadia Uwase' },
  { email: 'staff@demo.ngo', role: 'STAFF', name: 'Eric Staff' },
  { email: 'volunteer@demo.ngo', role: 'VOLUNTEER', name: 'Grace Volunteer' },
  { email: 'analyst@demo.ngo', role: 'ANALYST', name: 'Amani Analyst' },
  { email: 'viewer@demo.ngo', role: 'VIEWER', name: 'Victor Viewer' },
];
