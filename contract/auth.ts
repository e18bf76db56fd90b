import { z } from 'zod';
import { text } from './storable';

export const emailSchema = text('Email')
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((v) => v.toLowerCase());

export const passwordSchema = text('Password')
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const signUpBody = z.object({
  name: text('Name').trim().min(1, 'Name is required.').max(120, 'Name is too long.'),
  email: emailSchema,
  password: passwordSchema,
  organizationName: text('Organisation name')
    .trim()
    .min(2, 'Organisation name is required.')
    .max(160, 'Organisation name is too long.'),
});
export type SignUpBody = z.input<typeof signUpBody>;

export const signInBody = z.object({
  email: emailSchema,
  password: text('Password').min(1, 'Password is required.').max(128),
});
export type SignInBody = z.input<typeof signInBody>;

export const emailOnlyBody = z.object({ email: emailSchema });
export type EmailOnlyBody = z.input<typeof emailOnlyBody>;

export const tokenBody = z.object({
  token: text('Token').min(10, 'The link is invalid.').max(200, 'The link is invalid.'),
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
