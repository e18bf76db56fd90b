import { z } from 'zod';

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const signUpBody = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(120, 'Name is too long.'),
  email: emailSchema,
  password: passwordSchema,
  organizationName: z
    .string({ error: 'Organisation name is required.' })
    .trim()
    .min(2, 'Organisation name is required.')
    .max(160, 'Organisation name is too long.'),
});
export type SignUpBody = z.input<typeof signUpBody>;

export const signInBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(128),
});
export type SignInBody = z.input<typeof signInBody>;

export const emailOnlyBody = z.object({ email: emailSchema });
export type EmailOnlyBody = z.input<typeof emailOnlyBody>;

export const tokenBody = z.object({
  token: z
    .string({ error: 'Token is required.' })
    .min(10, 'The link is invalid.')
    .max(200, 'The link is invalid.'),
});

export const resetPasswordBody = tokenBody.extend({ password: passwordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The user record the client stores under `user`. */
export const sessionUser = z.object({
  id: z.string(),
  role: z.string(),
  name: z.string(),
  email: z.string(),
  ngoId: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const signInResponse = z.object({ token: z.string(), user: sessionUser });
export type SignInResponse = z.infer<typeof signInResponse>;

export const meResponse = z.object({
  user: sessionUser.extend({ emailVerified: z.boolean() }),
  ngo: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
});
export type MeResponse = z.infer<typeof meResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
