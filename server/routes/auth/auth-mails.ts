import type { DbExecutor } from '../../db';
import type { MailQueue } from '../../services/mailer';

/*
 * The messages of the auth flows. Each is queued through the request's handle and mail queue, so it
 * leaves only if the request's writes commit (ADR 0023), with its link on the origin the user came by.
 */

export interface AuthMailDeps {
  db: DbExecutor;
  mail: MailQueue;
  /** The origin of the links (http/app-url.ts). */
  appUrl: string;
}

/** A mailed link carrying a token: `${origin}${path}?token=…`. */
export const tokenLink = (a: AuthMailDeps, path: string, token: string) =>
  `${a.appUrl}${path}?token=${encodeURIComponent(token)}`;

export async function sendVerification(a: AuthMailDeps, to: string, name: string, token: string) {
  const url = tokenLink(a, '/verify-email', token);
  await a.mail.queue(a.db, {
    to,
    subject: 'Verify your email address',
    text: `Hello ${name},\n\nOpen this link to verify your email address for NGO Portal:\n${url}\n\nThe link works once and expires in 24 hours. If you did not create an account, ignore this message.`,
    link: url,
  });
}

export async function sendSignUpNotice(a: AuthMailDeps, to: string) {
  const url = `${a.appUrl}/forgot-password`;
  await a.mail.queue(a.db, {
    to,
    subject: 'Someone tried to sign up with your email address',
    text: `Someone tried to create a new NGO Portal account with this email address, but you already have one.\n\nSign in, or if you forgot your password, reset it at ${url}\n\nIf this was not you, you can ignore this message; nothing has changed.`,
    link: url,
  });
}

export async function sendUnlock(
  a: AuthMailDeps,
  to: string,
  name: string,
  token: string,
  retryWords: string,
) {
  const url = `${a.appUrl}/signin?unlock=${encodeURIComponent(token)}`;
  await a.mail.queue(a.db, {
    to,
    subject: 'Signing in to your account is paused',
    text: `Hello ${name},\n\nThere were too many failed attempts to sign in to your NGO Portal account, so signing in to it is paused for up to ${retryWords}.\n\nOpen this link to unlock it now:\n${url}\n\nThe link works once and expires in 24 hours. If the attempts were not yours, someone may be guessing your password: choose a new one at ${a.appUrl}/forgot-password, which also unlocks the account.`,
    link: url,
  });
}

export async function sendPasswordReset(a: AuthMailDeps, to: string, name: string, token: string) {
  const url = tokenLink(a, '/reset-password', token);
  await a.mail.queue(a.db, {
    to,
    subject: 'Reset your password',
    text: `Hello ${name},\n\nOpen this link to choose a new NGO Portal password:\n${url}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this message; your password stays as it is.`,
    link: url,
  });
}
