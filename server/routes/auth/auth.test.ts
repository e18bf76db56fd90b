import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, mailOutbox, ngos, rateLimits, users } from '../../db/schema';
import { call as rawCall, createTestApp, type TestApp } from '../../testing/test-app';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let t: TestApp;
let seq = 0;
/** A fresh address per test, so tests never share accounts or rate-limit counters. */
const freshEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.org`;
const password = 'correct horse battery';

beforeAll(async () => {
  // Low limits keep the rate-limit tests short; each test below comes from its own client IP.
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_EMAIL: '3',
    AUTH_RATE_LIMIT_PER_IP: '5',
    AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
    AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL: '8',
    AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS: '3600',
    TRUST_PROXY: 'true',
  });
});
afterAll(() => t.close());

let testIp = 0;
beforeEach(() => {
  testIp++;
});
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const call: typeof rawCall = (app, method, path, body, token, headers = {}) =>
  rawCall(app, method, path, body, token, { ...from(`192.0.2.${testIp}`), ...headers });

async function mailsTo(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The token from the newest mailed link to `to` whose path is `path`. */
async function tokenFromMail(to: string, path: '/verify-email' | '/reset-password' | '/signin') {
  const mail = (await mailsTo(to)).find((m) => m.link && new URL(m.link).pathname === path);
  if (!mail?.link) throw new Error(`no ${path} mail to ${to}`);
  const url = new URL(mail.link);
  expect(url.origin).toBe('http://localhost:3000');
  expect(mail.text).toContain(mail.link);
  return url.searchParams.get(path === '/signin' ? 'unlock' : 'token') ?? '';
}

async function signUp(email: string, extra: Record<string, string> = {}) {
  return call(t.app, 'POST', '/api/auth/signup', {
    name: 'Ada Lovelace',
    email,
    password,
    organizationName: 'Helping Hands',
    ...extra,
  });
}

async function verifiedUser(label: string) {
  const email = freshEmail(label);
  expect((await signUp(email)).status).toBe(201);
  const token = await tokenFromMail(email, '/verify-email');
  expect((await call(t.app, 'POST', '/api/auth/verify-email', { token })).status).toBe(200);
  return email;
}

const signIn = (email: string, pw = password, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/auth/signin', { email, password: pw }, undefined, headers);

describe('POST /api/auth/signup', () => {
  it('creates the NGO and its NGO_ADMIN, and emails a verification link whose token is stored only hashed', async () => {
    const email = freshEmail('new');
    const res = await signUp(email);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Account created. Check your email for a link to verify your address.',
    });

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      role: 'NGO_ADMIN',
      emailVerifiedAt: null,
      sessionVersion: 1,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [ngo] = await t.db
      .select()
      .from(ngos)
      .where(eq(ngos.id, user?.ngoId ?? ''));
    expect(ngo).toMatchObject({ name: 'Helping Hands', plan: 'starter' });

    const token = await tokenFromMail(email, '/verify-email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, user?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'verify_email', tokenHash: sha256(token), usedAt: null });
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
    const hoursLeft = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThan(24.01);
  });

  it('answers a taken email exactly like a new one, creates nothing and notifies the owner', async () => {
    const email = freshEmail('dup');
    const first = await signUp(email);
    const again = await signUp(email, {
      name: 'Mallory',
      organizationName: 'Other Org',
      password: 'another-pass',
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);

    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await t.db.select().from(ngos).where(eq(ngos.name, 'Other Org'))).toHaveLength(0);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const notice = mails.find((m) => !m.link?.includes('/verify-email'));
    expect(notice?.text).toContain('http://localhost:3000/forgot-password');
    expect(notice?.text).not.toContain('token=');
  });

  it('rejects bad input with 400 and a message per field', async () => {
    const empty = await call(t.app, 'POST', '/api/auth/signup', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(Object.keys(empty.body.fields as object).sort()).toEqual(
      ['email', 'name', 'organizationName', 'password'].sort(),
    );

    const bad = await call(t.app, 'POST', '/api/auth/signup', {
      name: 'A',
      email: 'not-an-email',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      email: 'Enter a valid email address.',
      password: 'Password must be at least 8 characters.',
      organizationName: 'Organisation name is required.',
    });
  });

  it('stores the email trimmed and lowercased', async () => {
    const email = freshEmail('case');
    expect((await signUp(`  ${email.toUpperCase()} `)).status).toBe(201);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies once; a second use is token_used', async () => {
    const email = freshEmail('verify');
    await signUp(email);
    const token = await tokenFromMail(email, '/verify-email');

    const ok = await call(t.app, 'POST', '/api/auth/verify-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Your email address is verified. You can sign in now.' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await call(t.app, 'POST', '/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'token_used', message: 'This link has already been used.' });
  });

  it('refuses an expired link with token_expired', async () => {
    const email = freshEmail('expired');
    await signUp(email);
    const token = await tokenFromMail(email, '/verify-email');
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.tokenHash, sha256(token)));

    const res = await call(t.app, 'POST', '/api/auth/verify-email', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'token_expired', message: 'This link has expired. Ask for a new one.' });
    expect((await signIn(email)).status).toBe(403);
  });

  it('refuses an unknown token with invalid_token, and a too-short one as a validation error', async () => {
    const res = await call(t.app, 'POST', '/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_token', message: 'This verification link is invalid.' });

    const short = await call(t.app, 'POST', '/api/auth/verify-email', { token: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      code: 'validation_failed',
      fields: { token: 'The link is invalid.' },
    });
  });

  it('does not accept a password reset token as a verification token', async () => {
    const email = freshEmail('crosspurpose');
    await signUp(email);
    await call(t.app, 'POST', '/api/auth/forgot-password', { email });
    const resetToken = await tokenFromMail(email, '/reset-password');
    const res = await call(t.app, 'POST', '/api/auth/verify-email', { token: resetToken });
    expect(res.body).toMatchObject({ code: 'invalid_token' });
  });
});

describe('POST /api/auth/resend-verification', () => {
  const message = 'If an account needs verifying, we have sent a new link.';

  it('sends a new link to an unverified account and retires the older one', async () => {
    const email = freshEmail('resend');
    await signUp(email);
    const oldToken = await tokenFromMail(email, '/verify-email');

    const res = await call(t.app, 'POST', '/api/auth/resend-verification', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message });
    const newToken = await tokenFromMail(email, '/verify-email');
    expect(newToken).not.toBe(oldToken);

    expect((await call(t.app, 'POST', '/api/auth/verify-email', { token: oldToken })).body).toMatchObject({
      code: 'token_expired',
    });
    expect((await call(t.app, 'POST', '/api/auth/verify-email', { token: newToken })).status).toBe(200);
  });

  it('answers the same for unknown and already verified addresses, sending nothing', async () => {
    const verified = await verifiedUser('resend-verified');
    const before = (await mailsTo(verified)).length;
    const unknown = freshEmail('nobody');

    for (const email of [verified, unknown]) {
      const res = await call(t.app, 'POST', '/api/auth/resend-verification', { email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message });
    }
    expect(await mailsTo(verified)).toHaveLength(before);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });
});

describe('POST /api/auth/signin and GET /api/auth/me', () => {
  it('refuses a correct password before the email is verified', async () => {
    const email = freshEmail('unverified');
    await signUp(email);
    const res = await signIn(email);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'email_not_verified',
      message: 'Verify your email address before signing in.',
    });
  });

  it('signs in a verified user; the token opens /me', async () => {
    const email = await verifiedUser('signin');
    const res = await signIn(`  ${email.toUpperCase()}`);
    expect(res.status).toBe(200);
    const body = res.body as unknown as { token: string; user: Record<string, string> };
    expect(Object.keys(body.user).sort()).toEqual(['email', 'id', 'name', 'ngoId', 'role']);
    expect(body.user).toMatchObject({ role: 'NGO_ADMIN', name: 'Ada Lovelace', email });
    expect(body.token.split('.')).toHaveLength(3);

    const me = await call(t.app, 'GET', '/api/auth/me', undefined, body.token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: { ...body.user, emailVerified: true },
      ngo: { id: body.user.ngoId, name: 'Helping Hands', plan: 'starter' },
    });
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const email = await verifiedUser('wrongpw');
    const wrong = await signIn(email, 'not the password');
    const unknown = await signIn(freshEmail('ghost'), password);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'invalid_credentials', message: 'Incorrect email or password.' });
    }
  });

  it('rejects a sign-in body without a password', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', { email: 'a@example.org' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('password');
  });

  it('answers /me without a token, or with a garbage one, with 401', async () => {
    const none = await call(t.app, 'GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    const garbage = await call(t.app, 'GET', '/api/auth/me', undefined, 'not.a.jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toMatchObject({ code: 'unauthorized' });
  });
});

describe('password reset', () => {
  const message = 'If an account exists for that email, we have sent a link to reset the password.';

  it('answers the same for existing and unknown emails, mailing only the existing one', async () => {
    const email = await verifiedUser('forgot');
    const unknown = freshEmail('forgot-nobody');
    const a = await call(t.app, 'POST', '/api/auth/forgot-password', { email });
    const b = await call(t.app, 'POST', '/api/auth/forgot-password', { email: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual({ message });
    expect(b.body).toEqual({ message });
    const token = await tokenFromMail(email, '/reset-password');
    const [row] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(row?.purpose).toBe('reset_password');
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThan(60.5);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('changes the password, revokes older sessions and works only once', async () => {
    const email = await verifiedUser('reset');
    const oldSession = ((await signIn(email)).body as unknown as { token: string }).token;
    expect((await call(t.app, 'GET', '/api/auth/me', undefined, oldSession)).status).toBe(200);

    await call(t.app, 'POST', '/api/auth/forgot-password', { email });
    const token = await tokenFromMail(email, '/reset-password');
    const newPassword = 'a brand new password';
    const res = await call(t.app, 'POST', '/api/auth/reset-password', { token, password: newPassword });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been changed. Sign in with the new password.' });

    expect((await call(t.app, 'GET', '/api/auth/me', undefined, oldSession)).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    const fresh = await signIn(email, newPassword);
    expect(fresh.status).toBe(200);
    const freshToken = (fresh.body as unknown as { token: string }).token;
    expect((await call(t.app, 'GET', '/api/auth/me', undefined, freshToken)).status).toBe(200);

    const again = await call(t.app, 'POST', '/api/auth/reset-password', {
      token,
      password: 'yet another one',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'token_used', message: 'This reset link has already been used.' });
  });

  it('only the newest reset link works, and a reset also verifies the address', async () => {
    const email = freshEmail('reset-unverified');
    await signUp(email);
    await call(t.app, 'POST', '/api/auth/forgot-password', { email });
    const first = await tokenFromMail(email, '/reset-password');
    await call(t.app, 'POST', '/api/auth/forgot-password', { email });
    const second = await tokenFromMail(email, '/reset-password');

    const stale = await call(t.app, 'POST', '/api/auth/reset-password', {
      token: first,
      password: 'new password 1',
    });
    expect(stale.body).toEqual({
      code: 'token_expired',
      message: 'This reset link has expired. Ask for a new one.',
    });
    expect(
      (await call(t.app, 'POST', '/api/auth/reset-password', { token: second, password: 'new password 2' }))
        .status,
    ).toBe(200);
    expect((await signIn(email, 'new password 2')).status).toBe(200);
  });

  it('refuses unknown tokens and short passwords', async () => {
    const unknown = await call(t.app, 'POST', '/api/auth/reset-password', {
      token: 'y'.repeat(43),
      password: 'long enough password',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'invalid_token', message: 'This reset link is invalid.' });

    const short = await call(t.app, 'POST', '/api/auth/reset-password', {
      token: 'y'.repeat(43),
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: 'Password must be at least 8 characters.' });
  });
});

describe('rate limits', () => {
  it('blocks the 4th sign-in for one email from one IP with 429 and Retry-After, even with the right password', async () => {
    const email = await verifiedUser('limit');
    for (let i = 0; i < 3; i++) {
      expect((await signIn(email, 'wrong password', from('10.0.0.1'))).status).toBe(401);
    }
    const blocked = await signIn(email, password, from('10.0.0.1'));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'too_many_requests',
      message: 'Too many sign-in attempts. Try again in 10 minutes.',
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('lets the email try again once the window has ended', async () => {
    const email = await verifiedUser('limit-window');
    for (let i = 0; i < 3; i++) await signIn(email, 'wrong password', from('10.0.5.1'));
    expect((await signIn(email, password, from('10.0.5.1'))).status).toBe(429);
    // Stand-in for waiting out the window: end every counter's window now.
    await t.db.update(rateLimits).set({ windowEndsAt: sql`now() - interval '1 second'` });
    expect((await signIn(email, password, from('10.0.5.1'))).status).toBe(200);
  });

  it('forgets earlier failures of an email after a successful sign-in', async () => {
    const email = await verifiedUser('limit-reset');
    const ip = from('10.0.1.1');
    expect((await signIn(email, 'wrong password', ip)).status).toBe(401);
    expect((await signIn(email, 'wrong password', ip)).status).toBe(401);
    expect((await signIn(email, password, ip)).status).toBe(200);
    expect((await signIn(email, 'wrong password', from('10.0.1.2'))).status).toBe(401);
    expect((await signIn(email, password, from('10.0.1.2'))).status).toBe(200);
  });

  it('blocks one IP after too many sign-ins across different emails', async () => {
    const ip = from('10.0.2.1');
    for (let i = 0; i < 5; i++) {
      expect((await signIn(freshEmail('spray'), password, ip)).status).toBe(401);
    }
    const blocked = await signIn(freshEmail('spray'), password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await signIn(freshEmail('spray'), password, from('10.0.2.2'))).status).toBe(401);
  });

  it('does not let a stranger who keeps failing from another IP lock the owner out', async () => {
    const email = await verifiedUser('stranger');
    const stranger = from('10.0.6.1');
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await signIn(email, `guess ${i}`, stranger)).status);
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(new Set(answers.slice(3))).toEqual(new Set([429]));
    // The owner, from their own IP, is not affected...
    expect((await signIn(email, password, from('10.0.6.2'))).status).toBe(200);
    // ...the stranger stays blocked, and their refused attempts never reached the global cap.
    expect((await signIn(email, password, stranger)).status).toBe(429);
    expect((await mailsTo(email)).filter((m) => m.link?.includes('unlock='))).toHaveLength(0);
  });

  it("does not count the owner's good sign-ins towards the global cap", async () => {
    const email = await verifiedUser('often');
    // More good sign-ins than the global cap (8), from several devices.
    for (let i = 1; i <= 10; i++) {
      expect((await signIn(email, password, from(`10.0.7.${i}`))).status).toBe(200);
    }
    expect((await signIn(email, 'typo', from('10.0.7.11'))).status).toBe(401);
  });

  it('stops a guess spread over many IPs at the global cap, even with the right password', async () => {
    const email = await verifiedUser('distributed');
    // 8 IPs, one guess each: no per-IP limit is reached, the 8 failures fill the global cap.
    for (let i = 1; i <= 8; i++) {
      expect((await signIn(email, `guess ${i}`, from(`10.0.8.${i}`))).status).toBe(401);
    }
    const locked = await signIn(email, password, from('10.0.8.100'));
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 'account_locked',
      message:
        'Too many sign-in attempts for this email address. If an account exists for it, we have emailed a link to unlock it; or try again in 60 minutes.',
    });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The owner too, from anywhere, until the link or the window ends it.
    expect((await signIn(email, password, from('10.0.8.101'))).status).toBe(429);
  });

  it('mails the owner one unlock link per lock, which lifts it once', async () => {
    const email = await verifiedUser('unlock');
    const lock = async (net: string) => {
      for (let i = 1; i <= 8; i++) await signIn(email, `guess ${i}`, from(`${net}.${i}`));
      for (let i = 0; i < 3; i++) {
        expect((await signIn(email, password, from(`${net}.${100 + i}`))).status).toBe(429);
      }
    };
    const unlockMails = async () => (await mailsTo(email)).filter((m) => m.link?.includes('/signin?unlock='));

    await lock('10.0.9');
    const mails = await unlockMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Signing in to your account is paused');
    const token = await tokenFromMail(email, '/signin');
    const [stored] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(stored?.purpose).toBe('unlock');

    const unlocked = await call(t.app, 'POST', '/api/auth/unlock', { token });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ message: 'Your account is unlocked. You can sign in now.' });
    expect((await signIn(email, password, from('10.0.9.200'))).status).toBe(200);

    const again = await call(t.app, 'POST', '/api/auth/unlock', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'token_used',
      message: 'This unlock link has already been used.',
    });

    // A new lock is a new mail, with a new link.
    await lock('10.0.10');
    expect(await unlockMails()).toHaveLength(2);
    const second = await tokenFromMail(email, '/signin');
    expect(second).not.toBe(token);
    expect((await call(t.app, 'POST', '/api/auth/unlock', { token: second })).status).toBe(200);
    expect((await signIn(email, password, from('10.0.10.200'))).status).toBe(200);
  });

  it('refuses unknown and expired unlock links, and a verification token as one', async () => {
    const unknown = await call(t.app, 'POST', '/api/auth/unlock', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'invalid_token', message: 'This unlock link is invalid.' });

    const email = freshEmail('unlock-verify');
    await signUp(email);
    const verifyToken = await tokenFromMail(email, '/verify-email');
    expect((await call(t.app, 'POST', '/api/auth/unlock', { token: verifyToken })).body).toMatchObject({
      code: 'invalid_token',
    });

    const locked = await verifiedUser('unlock-expired');
    for (let i = 1; i <= 9; i++) await signIn(locked, `guess ${i}`, from(`10.0.11.${i}`));
    const token = await tokenFromMail(locked, '/signin');
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(token)));
    const expired = await call(t.app, 'POST', '/api/auth/unlock', { token });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'token_expired', message: 'This unlock link has expired.' });
  });

  it('a password reset lifts the lock as well', async () => {
    const email = await verifiedUser('reset-unlocks');
    for (let i = 1; i <= 9; i++) await signIn(email, `guess ${i}`, from(`10.0.12.${i}`));
    expect((await signIn(email, password, from('10.0.12.100'))).status).toBe(429);
    await call(t.app, 'POST', '/api/auth/forgot-password', { email }, undefined, from('10.0.12.101'));
    const token = await tokenFromMail(email, '/reset-password');
    const newPassword = 'a brand new passphrase';
    expect(
      (await call(t.app, 'POST', '/api/auth/reset-password', { token, password: newPassword })).status,
    ).toBe(200);
    expect((await signIn(email, newPassword, from('10.0.12.100'))).status).toBe(200);
  });

  it('answers a locked unknown email exactly like a locked account, mailing nobody', async () => {
    const known = await verifiedUser('locked-known');
    const unknown = freshEmail('locked-unknown');
    const answers = [];
    for (const [n, email] of [known, unknown].entries()) {
      const statuses = [];
      for (let i = 1; i <= 8; i++)
        statuses.push((await signIn(email, `guess ${i}`, from(`10.1.${n}.${i}`))).status);
      expect(statuses).toEqual(Array(8).fill(401));
      const first = await signIn(email, password, from(`10.1.${n}.100`));
      const later = await signIn(email, password, from(`10.1.${n}.101`));
      answers.push({ first, later });
    }
    const [a, b] = answers;
    for (const key of ['first', 'later'] as const) {
      expect(a?.[key].status).toBe(429);
      expect(b?.[key].status).toBe(a?.[key].status);
      expect(b?.[key].body).toEqual(a?.[key].body);
      expect([...(b?.[key].headers.keys() ?? [])].sort()).toEqual(
        [...(a?.[key].headers.keys() ?? [])].sort(),
      );
      expect(
        Math.abs(Number(b?.[key].headers.get('retry-after')) - Number(a?.[key].headers.get('retry-after'))),
      ).toBeLessThan(5);
    }
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect((await mailsTo(known)).filter((m) => m.link?.includes('unlock='))).toHaveLength(1);
  });

  it('limits reset-link requests per email without revealing whether it exists', async () => {
    for (const email of [await verifiedUser('forgot-limit'), freshEmail('forgot-limit-nobody')]) {
      for (let i = 0; i < 3; i++) {
        const ok = await call(
          t.app,
          'POST',
          '/api/auth/forgot-password',
          { email },
          undefined,
          from(`10.0.3.${i}`),
        );
        expect(ok.status).toBe(200);
      }
      const blocked = await call(
        t.app,
        'POST',
        '/api/auth/forgot-password',
        { email },
        undefined,
        from('10.0.3.9'),
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'too_many_requests' });
    }
  });

  it('limits sign-ups per IP', async () => {
    const attempt = (ip: string) =>
      call(
        t.app,
        'POST',
        '/api/auth/signup',
        { name: 'Bot', email: freshEmail('signup-limit'), password, organizationName: 'Spam Org' },
        undefined,
        from(ip),
      );
    for (let i = 0; i < 5; i++) expect((await attempt('10.0.4.1')).status).toBe(201);
    const blocked = await attempt('10.0.4.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringMatching(/^Too many sign-up attempts\./),
    });
    expect((await attempt('10.0.4.2')).status).toBe(201);
  });
});

describe('OpenAPI', () => {
  it('documents every auth route', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const paths = Object.keys((res.body as unknown as { paths: object }).paths);
    for (const p of [
      'signup',
      'verify-email',
      'resend-verification',
      'signin',
      'forgot-password',
      'reset-password',
      'unlock',
      'me',
    ]) {
      expect(paths).toContain(`/api/auth/${p}`);
    }
  });
});
