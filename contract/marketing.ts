import { z } from 'zod';
import { emailSchema } from './auth';
import { text } from './storable';

export const newsletterBody = z.object({ email: emailSchema });
export type NewsletterBody = z.input<typeof newsletterBody>;

export const newsletterResponse = z.object({
  message: z.string(),
  /** False when the address was already subscribed: not an error, and nothing is duplicated. */
  created: z.boolean(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponse>;

/** SPEC §7: the body is `url` (path plus query). `referrer` is our optional addition (document.referrer). */
export const trackVisitBody = z.object({
  url: text('URL')
    .min(1)
    .max(2048)
    .refine((v) => v.startsWith('/') && !v.startsWith('//'), 'The url must be a path plus query.'),
  referrer: text('Referrer').max(2048).optional(),
});
export type TrackVisitBody = z.input<typeof trackVisitBody>;

export const contactMessageBody = z.object({
  name: text('Name').trim().min(1, 'Name is required.').max(120, 'Name is too long.'),
  email: emailSchema,
  organisation: text('Organisation').trim().max(160, 'Organisation is too long.').optional(),
  subject: text('Subject').trim().min(3, 'Subject is required.').max(160, 'Subject is too long.'),
  message: text('Message')
    .trim()
    .min(10, 'Please write at least 10 characters.')
    .max(5000, 'Message is too long (5000 characters at most).'),
});
export type ContactMessageBody = z.input<typeof contactMessageBody>;

export const contactMessageResponse = z.object({ message: z.string() });
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>;
