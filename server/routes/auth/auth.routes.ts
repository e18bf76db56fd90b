import { createRoute } from '@hono/zod-openapi';
import {
  emailOnlyBody,
  meResponse,
  messageResponse,
  resetPasswordBody,
  signInBody,
  signInResponse,
  signUpBody,
  tokenBody,
} from '../../../contract/auth';
import type { Context } from 'hono';
import { appUrlOf } from '../../http/app-url';
import { requireAuth } from '../../http/auth-middleware';
import { clientIp } from '../../http/client-ip';
import type { AppBindings, AppDeps } from '../../http/context';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import {
  forgotPassword,
  me,
  resendVerification,
  resetPassword,
  signIn,
  signUp,
  unlock,
  verifyEmail,
  type AuthDeps,
} from './auth.service';

const tags = ['Auth'];

const signUpRoute = createRoute({
  method: 'post',
  path: '/signup',
  tags,
  summary: 'Create an NGO and its first admin; emails a verification link',
  description:
    'Answers the same 201 when the email is already registered (no account enumeration); that address gets a notice instead.',
  request: { body: jsonBody(signUpBody) },
  responses: {
    201: jsonResponse(messageResponse, 'Accepted; a verification link was emailed'),
    ...errors(400, 429),
  },
});

const verifyEmailRoute = createRoute({
  method: 'post',
  path: '/verify-email',
  tags,
  summary: 'Confirm an email address with the emailed token',
  request: { body: jsonBody(tokenBody) },
  responses: {
    200: jsonResponse(messageResponse, 'The address is verified'),
    ...errors(400),
  },
});

const resendVerificationRoute = createRoute({
  method: 'post',
  path: '/resend-verification',
  tags,
  summary: 'Email a new verification link to an unverified account',
  request: { body: jsonBody(emailOnlyBody) },
  responses: {
    200: jsonResponse(messageResponse, 'Always the same answer, whether or not the account exists'),
    ...errors(400, 429),
  },
});

const signInRoute = createRoute({
  method: 'post',
  path: '/signin',
  tags,
  summary: 'Exchange email and password for a bearer token',
  request: { body: jsonBody(signInBody) },
  responses: {
    200: jsonResponse(signInResponse, 'Signed in'),
    ...errors(400, 401, 403, 429),
  },
});

const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/forgot-password',
  tags,
  summary: 'Email a password reset link',
  request: { body: jsonBody(emailOnlyBody) },
  responses: {
    200: jsonResponse(messageResponse, 'Always the same answer, whether or not the account exists'),
    ...errors(400, 429),
  },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/reset-password',
  tags,
  summary: 'Set a new password with the emailed token; signs out every existing session',
  request: { body: jsonBody(resetPasswordBody) },
  responses: {
    200: jsonResponse(messageResponse, 'The password is changed'),
    ...errors(400),
  },
});

const unlockRoute = createRoute({
  method: 'post',
  path: '/unlock',
  tags,
  summary: "Lift the lock on an account's sign-ins with the emailed token",
  description:
    'Too many failed sign-ins for one email from everywhere lock it and mail the owner a link, /signin?unlock=<token>; this spends the token once and clears the counters.',
  request: { body: jsonBody(tokenBody) },
  responses: {
    200: jsonResponse(messageResponse, 'Signing in is possible again'),
    ...errors(400),
  },
});

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: 'The signed-in user and their NGO',
  security: bearer,
  responses: {
    200: jsonResponse(meResponse, 'The current user'),
    ...errors(401),
  },
});

export function createAuthRouter(deps: AppDeps) {
  const trustProxy = deps.env.TRUST_PROXY === 'true';
  /** The request's handle and mail; mailed links on the origin the caller used (http/app-url.ts). */
  const authOf = (c: Context<AppBindings>): AuthDeps => ({
    db: c.var.db,
    mail: c.var.mail,
    env: deps.env,
    jwt: deps.jwt,
    appUrl: appUrlOf(c, deps.env),
  });
  const router = createRouter();
  router.use('/me', requireAuth(deps));
  return router
    .openapi(signUpRoute, async (c) =>
      c.json(await signUp(authOf(c), c.req.valid('json'), clientIp(c, trustProxy)), 201),
    )
    .openapi(verifyEmailRoute, async (c) => c.json(await verifyEmail(c.var.db, c.req.valid('json')), 200))
    .openapi(resendVerificationRoute, async (c) =>
      c.json(await resendVerification(authOf(c), c.req.valid('json'), clientIp(c, trustProxy)), 200),
    )
    .openapi(signInRoute, async (c) =>
      c.json(await signIn(authOf(c), c.req.valid('json'), clientIp(c, trustProxy)), 200),
    )
    .openapi(forgotPasswordRoute, async (c) =>
      c.json(await forgotPassword(authOf(c), c.req.valid('json'), clientIp(c, trustProxy)), 200),
    )
    .openapi(resetPasswordRoute, async (c) => c.json(await resetPassword(c.var.db, c.req.valid('json')), 200))
    .openapi(unlockRoute, async (c) => c.json(await unlock(c.var.db, c.req.valid('json')), 200))
    .openapi(meRoute, async (c) => c.json(await me(c.var.db, c.var.user.id), 200));
}
