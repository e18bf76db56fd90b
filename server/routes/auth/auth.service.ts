import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  emailOnlyBody,
  MeResponse,
  MessageResponse,
  resetPasswordBody,
  signInBody,
  SignInResponse,
  signUpBody,
  tokenBody,
} from '../../../contract/auth';
import { normalizeRole } from '../../../contract/roles';
import { ngos, users } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from '../../services/auth/passwords';
import { forgiveOne, hit, resetRateLimit, resetRateLimits, retryAfterWords } from '../../services/rate-limit';
import {
  checkToken,
  consumeToken,
  issueToken,
  type TokenProblem,
  type TokenPurpose,
} from '../../services/auth/tokens';
import { newId } from '../../services/ids';

export const authMessages = {
  signedUp: 'Account created. Check your email for a link to verify your address.',
  verified: 'Your email address is verified. You can sign in now.',
  verificationResent: 'If an account needs verifying, we have sent a new link.',
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordReset: 'Your password has been changed. Sign in with the new password.',
  invalidCredentials: 'Incorrect email or password.',
  emailNotVerified: 'Verify your email address before signing in.',
  unlocked: 'Your account is unlocked. You can sign in now.',
} as const;

/** The lock on an email's sign-ins from everywhere: worded the same whether or not it has an account. */
export const accountLockedMessage = (retryWords: string) =>
  `Too many sign-in attempts for this email address. If an account exists for it, we have emailed a link to unlock it; or try again in ${retryWords}.`;

const tokenErrors: Record<TokenPurpose, Record<TokenProblem, { code: string; message: string }>> = {
  verify_email: {
    invalid: { code: 'invalid_token', message: 'This verification link is invalid.' },
    used: { code: 'token_used', message: 'This link has already been used.' },
    expired: { code: 'token_expired', message: 'This link has expired. Ask for a new one.' },
  },
  reset_password: {
    invalid: { code: 'invalid_token', message: 'This reset link is invalid.' },
    used: { code: 'token_used', message: 'This reset link has already been used.' },
    expired: { code: 'token_expired', message: 'This reset link has expired. Ask for a new one.' },
  },
  unlock: {
    invalid: { code: 'invalid_token', message: 'This unlock link is invalid.' },
    used: { code: 'token_used', message: 'This unlock link has already been used.' },
    expired: { code: 'token_expired', message: 'This unlock link has expired.' },
  },
};

function tokenError(purpose: TokenPurpose, problem: TokenProblem): ApiError {
  const { code, message } = tokenErrors[purpose][problem];
  return new ApiError(400, message, { code });
}

/** Postgres unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const rateKeys = {
  signInIp: (ip: string) => `signin:ip:${ip}`,
  /** One email from everywhere: the slow global cap. */
  signInEmail: (email: string) => `signin:email:${email}`,
  /** One email from one IP. A valid address never holds '|', so the prefix is this email's alone. */
  signInEmailIpPrefix: (email: string) => `signin:email:${email}|ip:`,
  signInEmailIp: (email: string, ip: string) => `${rateKeys.signInEmailIpPrefix(email)}${ip}`,
  signUpIp: (ip: string) => `signup:ip:${ip}`,
  mailIp: (action: string, ip: string) => `${action}:ip:${ip}`,
  mailEmail: (action: string, email: string) => `${action}:email:${email}`,
};

/**
 * The auth flows, free of HTTP plumbing: the routes file validates input, finds the client's IP
 * and turns these results into responses. Every failure is an ApiError.
 */
export function createAuthHandlers(deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'jwt'>) {
  const { db, env, mailer, jwt } = deps;

  /** Counts the attempt against every key (so none escapes counting), then refuses if any is over. */
  async function limit(keys: { key: string; max: number }[], what: string) {
    let retryAfter = 0;
    for (const { key, max } of keys) {
      const result = await hit(db, key, max, env.AUTH_RATE_LIMIT_WINDOW_SECONDS);
      if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
    }
    if (retryAfter > 0) {
      throw new ApiError(429, `Too many ${what}. Try again in ${retryAfterWords(retryAfter)}.`, {
        code: 'too_many_requests',
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  }

  async function findUserByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  const link = (path: string, token: string) => `${env.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;

  async function sendVerification(to: string, name: string, token: string) {
    const url = link('/verify-email', token);
    await mailer.send({
      to,
      subject: 'Verify your email address',
      text: `Hello ${name},\n\nOpen this link to verify your email address for NGO Portal:\n${url}\n\nThe link works once and expires in 24 hours. If you did not create an account, ignore this message.`,
      link: url,
    });
  }

  async function sendSignUpNotice(to: string) {
    const url = `${env.PUBLIC_URL}/forgot-password`;
    await mailer.send({
      to,
      subject: 'Someone tried to sign up with your email address',
      text: `Someone tried to create a new NGO Portal account with this email address, but you already have one.\n\nSign in, or if you forgot your password, reset it at ${url}\n\nIf this was not you, you can ignore this message; nothing has changed.`,
      link: url,
    });
  }

  async function sendUnlock(to: string, name: string, token: string, retryWords: string) {
    const url = `${env.PUBLIC_URL}/signin?unlock=${encodeURIComponent(token)}`;
    await mailer.send({
      to,
      subject: 'Signing in to your account is paused',
      text: `Hello ${name},\n\nThere were too many failed attempts to sign in to your NGO Portal account, so signing in to it is paused for up to ${retryWords}.\n\nOpen this link to unlock it now:\n${url}\n\nThe link works once and expires in 24 hours. If the attempts were not yours, someone may be guessing your password: choose a new one at ${env.PUBLIC_URL}/forgot-password, which also unlocks the account.`,
      link: url,
    });
  }

  /** Clears every sign-in counter of one email: the global cap and each IP's. */
  const unlockSignIns = (email: string) =>
    resetRateLimits(db, rateKeys.signInEmail(email), rateKeys.signInEmailIpPrefix(email));

  /**
   * The global cap on one email's sign-ins, counted only for attempts that passed the per-IP limits
   * (so one stranger adds at most their own allowance). The attempt that trips it, and only that
   * one, mails the owner an unlock link; the answer is the same whether or not the account exists.
   */
  async function limitAccount(email: string) {
    const max = env.AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL;
    const result = await hit(db, rateKeys.signInEmail(email), max, env.AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS);
    if (result.allowed) return;
    const retryWords = retryAfterWords(result.retryAfterSeconds);
    // Looked up on every refused attempt, so a known address costs what an unknown one does.
    const user = await findUserByEmail(email);
    if (user && result.count === max + 1) {
      const token = await db.transaction((tx) => issueToken(tx, user.id, 'unlock'));
      await sendUnlock(user.email, user.name, token, retryWords);
    }
    throw new ApiError(429, accountLockedMessage(retryWords), {
      code: 'account_locked',
      headers: { 'Retry-After': String(result.retryAfterSeconds) },
    });
  }

  async function sendPasswordReset(to: string, name: string, token: string) {
    const url = link('/reset-password', token);
    await mailer.send({
      to,
      subject: 'Reset your password',
      text: `Hello ${name},\n\nOpen this link to choose a new NGO Portal password:\n${url}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this message; your password stays as it is.`,
      link: url,
    });
  }

  return {
    async signUp(body: z.output<typeof signUpBody>, ip: string): Promise<MessageResponse> {
      await limit([{ key: rateKeys.signUpIp(ip), max: env.AUTH_RATE_LIMIT_PER_IP }], 'sign-up attempts');
      const answer = { message: authMessages.signedUp };
      // Hash before looking the address up, so a taken address answers as slowly as a new one.
      const passwordHash = await hashPassword(body.password);
      const existing = await findUserByEmail(body.email);
      if (existing) {
        await sendSignUpNotice(existing.email);
        return answer;
      }
      let created: { token: string } | undefined;
      try {
        created = await db.transaction(async (tx) => {
          const ngoId = newId();
          const userId = newId();
          await tx.insert(ngos).values({ id: ngoId, name: body.organizationName, plan: 'starter' });
          await tx.insert(users).values({
            id: userId,
            ngoId,
            name: body.name,
            email: body.email,
            passwordHash,
            role: 'NGO_ADMIN',
          });
          return { token: await issueToken(tx, userId, 'verify_email') };
        });
      } catch (err) {
        // A concurrent sign-up took the address between our check and the insert.
        if (!isUniqueViolation(err)) throw err;
        await sendSignUpNotice(body.email);
        return answer;
      }
      await sendVerification(body.email, body.name, created.token);
      return answer;
    },

    async verifyEmail(body: z.output<typeof tokenBody>): Promise<MessageResponse> {
      await db.transaction(async (tx) => {
        const used = await consumeToken(tx, body.token, 'verify_email');
        if (!used.ok) throw tokenError('verify_email', used.problem);
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(eq(users.id, used.userId));
      });
      return { message: authMessages.verified };
    },

    async resendVerification(body: z.output<typeof emailOnlyBody>, ip: string): Promise<MessageResponse> {
      await limit(
        [
          { key: rateKeys.mailIp('resend', ip), max: env.AUTH_RATE_LIMIT_PER_IP },
          { key: rateKeys.mailEmail('resend', body.email), max: env.AUTH_RATE_LIMIT_PER_EMAIL },
        ],
        'requests for a verification link',
      );
      const user = await findUserByEmail(body.email);
      if (user && !user.emailVerifiedAt) {
        const token = await db.transaction((tx) => issueToken(tx, user.id, 'verify_email'));
        await sendVerification(user.email, user.name, token);
      }
      return { message: authMessages.verificationResent };
    },

    async signIn(body: z.output<typeof signInBody>, ip: string): Promise<SignInResponse> {
      // Per IP, and per email from this IP: a stranger elsewhere only uses up their own attempts.
      const emailIpKey = rateKeys.signInEmailIp(body.email, ip);
      await limit(
        [
          { key: rateKeys.signInIp(ip), max: env.AUTH_RATE_LIMIT_PER_IP },
          { key: emailIpKey, max: env.AUTH_RATE_LIMIT_PER_EMAIL },
        ],
        'sign-in attempts',
      );
      await limitAccount(body.email);
      const user = await findUserByEmail(body.email);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await timingSafeDummyVerify(body.password);
      if (!user || !passwordOk) {
        throw new ApiError(401, authMessages.invalidCredentials, { code: 'invalid_credentials' });
      }
      if (!user.emailVerifiedAt) {
        throw new ApiError(403, authMessages.emailNotVerified, { code: 'email_not_verified' });
      }
      // The owner got in: earlier typos from here should not count towards locking them out
      // later, nor should this attempt count towards the global cap.
      await resetRateLimit(db, emailIpKey);
      await forgiveOne(db, rateKeys.signInEmail(body.email));
      const role = normalizeRole(user.role);
      const token = await jwt.sign({ sub: user.id, ngo: user.ngoId, role, sv: user.sessionVersion });
      return { token, user: { id: user.id, role, name: user.name, email: user.email, ngoId: user.ngoId } };
    },

    async forgotPassword(body: z.output<typeof emailOnlyBody>, ip: string): Promise<MessageResponse> {
      await limit(
        [
          { key: rateKeys.mailIp('forgot', ip), max: env.AUTH_RATE_LIMIT_PER_IP },
          { key: rateKeys.mailEmail('forgot', body.email), max: env.AUTH_RATE_LIMIT_PER_EMAIL },
        ],
        'password reset requests',
      );
      const user = await findUserByEmail(body.email);
      if (user) {
        const token = await db.transaction((tx) => issueToken(tx, user.id, 'reset_password'));
        await sendPasswordReset(user.email, user.name, token);
      }
      return { message: authMessages.resetLinkSent };
    },

    async resetPassword(body: z.output<typeof resetPasswordBody>): Promise<MessageResponse> {
      // Refuse a bad link before paying for the hash; the transaction below re-checks atomically.
      const check = await checkToken(db, body.token, 'reset_password');
      if (!check.ok) throw tokenError('reset_password', check.problem);
      const passwordHash = await hashPassword(body.password);
      const email = await db.transaction(async (tx) => {
        const used = await consumeToken(tx, body.token, 'reset_password');
        if (!used.ok) throw tokenError('reset_password', used.problem);
        const [user] = await tx
          .update(users)
          .set({
            passwordHash,
            // Every token signed with the old version stops working.
            sessionVersion: sql`${users.sessionVersion} + 1`,
            // Following the emailed link proved they own the inbox.
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          })
          .where(eq(users.id, used.userId))
          .returning({ email: users.email });
        return user?.email;
      });
      if (email) await unlockSignIns(email);
      return { message: authMessages.passwordReset };
    },

    async unlock(body: z.output<typeof tokenBody>): Promise<MessageResponse> {
      const email = await db.transaction(async (tx) => {
        const used = await consumeToken(tx, body.token, 'unlock');
        if (!used.ok) throw tokenError('unlock', used.problem);
        const [user] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, used.userId))
          .limit(1);
        return user?.email;
      });
      if (email) await unlockSignIns(email);
      return { message: authMessages.unlocked };
    },

    async me(userId: string): Promise<MeResponse> {
      const [row] = await db
        .select({ user: users, ngo: { id: ngos.id, name: ngos.name, plan: ngos.plan } })
        .from(users)
        .innerJoin(ngos, eq(ngos.id, users.ngoId))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) throw new ApiError(401, 'Your session has expired. Sign in again.');
      const { user, ngo } = row;
      return {
        user: {
          id: user.id,
          role: normalizeRole(user.role),
          name: user.name,
          email: user.email,
          ngoId: user.ngoId,
          emailVerified: user.emailVerifiedAt !== null,
        },
        ngo,
      };
    },
  };
}
export type AuthHandlers = ReturnType<typeof createAuthHandlers>;
