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
import type { DbExecutor } from '../../db';
import { ngos, users } from '../../db/schema';
import type { Env } from '../../env';
import { ApiError } from '../../services/api-error';
import { isUniqueViolation } from '../../services/db-errors';
import { accountDeactivated } from '../../services/auth/account-status';
import type { Jwt } from '../../services/auth/jwt';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from '../../services/auth/passwords';
import {
  enforceRateLimits,
  forgiveOne,
  hit,
  resetRateLimit,
  resetRateLimits,
  retryAfterWords,
  tooManyRequests,
  type RateLimit,
} from '../../services/rate-limit';
import {
  checkToken,
  consumeToken,
  issueToken,
  type TokenProblem,
  type TokenPurpose,
} from '../../services/auth/tokens';
import { newId } from '../../services/ids';
import {
  sendPasswordReset,
  sendSignUpNotice,
  sendUnlock,
  sendVerification,
  type AuthMailDeps,
} from './auth-mails';

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
 * What the auth flows need of one request: its database handle and mail queue, the configured limits,
 * the signer, and the origin mailed links are built on (http/app-url.ts). The flows are free of HTTP
 * plumbing: the routes file validates input, finds the client's IP and turns these results into
 * responses. Every failure is an ApiError.
 */
export interface AuthDeps extends AuthMailDeps {
  env: Pick<
    Env,
    | 'AUTH_RATE_LIMIT_PER_IP'
    | 'AUTH_RATE_LIMIT_PER_EMAIL'
    | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'
    | 'AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL'
    | 'AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS'
  >;
  jwt: Jwt;
}

/** Counts the attempt against every key in the auth window, then refuses if any is over. */
function limit(a: AuthDeps, keys: { key: string; max: number }[], what: string) {
  const limits: RateLimit[] = keys.map((k) => ({
    ...k,
    windowSeconds: a.env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  }));
  return enforceRateLimits(a.db, limits, (wait) => `Too many ${what}. Try again in ${wait}.`);
}

async function findUserByEmail(db: DbExecutor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Clears every sign-in counter of one email: the global cap and each IP's. */
const unlockSignIns = (db: DbExecutor, email: string) =>
  resetRateLimits(db, rateKeys.signInEmail(email), rateKeys.signInEmailIpPrefix(email));

/**
 * The global cap on one email's sign-ins, counted only for attempts that passed the per-IP limits
 * (so one stranger adds at most their own allowance). The attempt that trips it, and only that
 * one, mails the owner an unlock link; the answer is the same whether or not the account exists.
 * The request is not transactional, so that mail is committed and still sent with the 429.
 */
async function limitAccount(a: AuthDeps, email: string) {
  const max = a.env.AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL;
  const result = await hit(
    a.db,
    rateKeys.signInEmail(email),
    max,
    a.env.AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS,
  );
  if (result.allowed) return;
  const locked = tooManyRequests(result.retryAfterSeconds, accountLockedMessage, 'account_locked');
  // Looked up on every refused attempt, so a known address costs what an unknown one does.
  const user = await findUserByEmail(a.db, email);
  if (user && result.count === max + 1) {
    const token = await a.db.transaction((tx) => issueToken(tx, user.id, 'unlock'));
    await sendUnlock(a, user.email, user.name, token, retryAfterWords(result.retryAfterSeconds));
  }
  throw locked;
}

export async function signUp(
  a: AuthDeps,
  body: z.output<typeof signUpBody>,
  ip: string,
): Promise<MessageResponse> {
  await limit(a, [{ key: rateKeys.signUpIp(ip), max: a.env.AUTH_RATE_LIMIT_PER_IP }], 'sign-up attempts');
  const answer = { message: authMessages.signedUp };
  // Hash before looking the address up, so a taken address answers as slowly as a new one.
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(a.db, body.email);
  if (existing) {
    await sendSignUpNotice(a, existing.email);
    return answer;
  }
  let created: { token: string } | undefined;
  try {
    created = await a.db.transaction(async (tx) => {
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
    await sendSignUpNotice(a, body.email);
    return answer;
  }
  await sendVerification(a, body.email, body.name, created.token);
  return answer;
}

export async function verifyEmail(
  db: DbExecutor,
  body: z.output<typeof tokenBody>,
): Promise<MessageResponse> {
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, body.token, 'verify_email');
    if (!used.ok) throw tokenError('verify_email', used.problem);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, used.userId));
  });
  return { message: authMessages.verified };
}

export async function resendVerification(
  a: AuthDeps,
  body: z.output<typeof emailOnlyBody>,
  ip: string,
): Promise<MessageResponse> {
  await limit(
    a,
    [
      { key: rateKeys.mailIp('resend', ip), max: a.env.AUTH_RATE_LIMIT_PER_IP },
      { key: rateKeys.mailEmail('resend', body.email), max: a.env.AUTH_RATE_LIMIT_PER_EMAIL },
    ],
    'requests for a verification link',
  );
  const user = await findUserByEmail(a.db, body.email);
  if (user && !user.emailVerifiedAt) {
    const token = await a.db.transaction((tx) => issueToken(tx, user.id, 'verify_email'));
    await sendVerification(a, user.email, user.name, token);
  }
  return { message: authMessages.verificationResent };
}

export async function signIn(
  a: AuthDeps,
  body: z.output<typeof signInBody>,
  ip: string,
): Promise<SignInResponse> {
  // Per IP, and per email from this IP: a stranger elsewhere only uses up their own attempts.
  const emailIpKey = rateKeys.signInEmailIp(body.email, ip);
  await limit(
    a,
    [
      { key: rateKeys.signInIp(ip), max: a.env.AUTH_RATE_LIMIT_PER_IP },
      { key: emailIpKey, max: a.env.AUTH_RATE_LIMIT_PER_EMAIL },
    ],
    'sign-in attempts',
  );
  await limitAccount(a, body.email);
  const user = await findUserByEmail(a.db, body.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await timingSafeDummyVerify(body.password);
  if (!user || !passwordOk) {
    throw new ApiError(401, authMessages.invalidCredentials, { code: 'invalid_credentials' });
  }
  // After the password check, so the answer says nothing about an account to someone without it.
  if (user.status === 'deactivated') {
    throw accountDeactivated(403);
  }
  if (!user.emailVerifiedAt) {
    throw new ApiError(403, authMessages.emailNotVerified, { code: 'email_not_verified' });
  }
  // The owner got in: earlier typos from here should not count towards locking them out
  // later, nor should this attempt count towards the global cap.
  await resetRateLimit(a.db, emailIpKey);
  await forgiveOne(a.db, rateKeys.signInEmail(body.email));
  return sessionFor(a.jwt, user);
}

/**
 * The session a sign-in answers: a token bound to the user's current session version, and the user
 * record the client stores. Joining an NGO by invitation answers the same (routes/members).
 */
export async function sessionFor(
  jwt: Jwt,
  user: Pick<typeof users.$inferSelect, 'id' | 'ngoId' | 'role' | 'name' | 'email' | 'sessionVersion'>,
): Promise<SignInResponse> {
  const role = normalizeRole(user.role);
  const token = await jwt.sign({ sub: user.id, ngo: user.ngoId, role, sv: user.sessionVersion });
  return { token, user: { id: user.id, role, name: user.name, email: user.email, ngoId: user.ngoId } };
}

export async function forgotPassword(
  a: AuthDeps,
  body: z.output<typeof emailOnlyBody>,
  ip: string,
): Promise<MessageResponse> {
  await limit(
    a,
    [
      { key: rateKeys.mailIp('forgot', ip), max: a.env.AUTH_RATE_LIMIT_PER_IP },
      { key: rateKeys.mailEmail('forgot', body.email), max: a.env.AUTH_RATE_LIMIT_PER_EMAIL },
    ],
    'password reset requests',
  );
  const user = await findUserByEmail(a.db, body.email);
  if (user) {
    const token = await a.db.transaction((tx) => issueToken(tx, user.id, 'reset_password'));
    await sendPasswordReset(a, user.email, user.name, token);
  }
  return { message: authMessages.resetLinkSent };
}

export async function resetPassword(
  db: DbExecutor,
  body: z.output<typeof resetPasswordBody>,
): Promise<MessageResponse> {
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
  if (email) await unlockSignIns(db, email);
  return { message: authMessages.passwordReset };
}

export async function unlock(db: DbExecutor, body: z.output<typeof tokenBody>): Promise<MessageResponse> {
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
  if (email) await unlockSignIns(db, email);
  return { message: authMessages.unlocked };
}

export async function me(db: DbExecutor, userId: string): Promise<MeResponse> {
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
}
