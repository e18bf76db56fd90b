import { z } from 'zod';
import { text } from './storable';

/** Ids are lowercase ULIDs: 26 characters of [0-9a-z], no dash. */
export const idSchema = text('Id').regex(
  /^[0-9a-z]{26}$/,
  'Must be a 26-character id of lowercase letters and digits.',
);

export const ngoIdParams = z.object({ ngoId: idSchema });
export type NgoIdParams = z.infer<typeof ngoIdParams>;

/** GET /api/ngos/{ngoId} */
export const ngoDetail = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  country: z.string().nullable(),
  /** ISO 8601 timestamp (UTC). */
  createdAt: z.string(),
  memberCount: z.number().int(),
});
export type NgoDetail = z.infer<typeof ngoDetail>;

export const ngoMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  /** ISO 8601 timestamp (UTC). */
  createdAt: z.string(),
});
export type NgoMember = z.infer<typeof ngoMember>;

/** GET /api/ngos/{ngoId}/members, ordered by name. */
export const ngoMembers = z.array(ngoMember);
export type NgoMembers = z.infer<typeof ngoMembers>;
