/**
 * Sign-up, sign-in (with its second step), refresh, sign-out, password change and reset
 * (docs/api-identity.md), and the client's own second factor: `/client/app/v1/totp/*`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApiMessage,
  ZChangePasswordRequest,
  ZClientSession,
  ZLoginAnswer,
  ZLoginRequest,
  ZLoginVerified,
  ZLoginVerifyRequest,
  ZRecoveryCodes,
  ZRegisterRequest,
  ZResetCodeRequest,
  ZResetPasswordRequest,
  ZTotpCodeRequest,
  ZTotpEnrolment,
  ZTotpEnrolRequest,
  ZTotpStatus,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { bearerToken, clientOf, requestMeta } from '../../platform/http.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';

const tags = ['identity'];
type Auth = AppContext['auth'];

export function authRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { auth } = ctx;
    const open = routeKit(instance, { kind: 'public' }, { tags });
    const client = routeKit(instance, { kind: 'client', auth }, { tags });
    registerSignIn(open, auth);
    registerPasswords(open, client, auth);
    registerSecondFactor(client, auth);
    registerSessions(client, auth);
  };
}

function registerSignIn(open: RouteKit, auth: Auth) {
  open.query(
    'POST',
    '/auth/app/v1/login',
    {
      perMinute: 20,
      body: ZLoginRequest,
      response: ZLoginAnswer,
      description:
        'Auth data; or, when the client has a second factor (or the firm requires one), ' +
        '`{challenge_token, methods: ["totp"]}` for `/auth/app/v1/login/verify`.',
    },
    async (request) => {
      const { username, password } = request.body;
      return auth.login({ username, passwordMd5: password }, requestMeta(request));
    },
  );

  open.query(
    'POST',
    '/auth/app/v1/login/verify',
    {
      perMinute: 20,
      body: ZLoginVerifyRequest,
      response: ZLoginVerified,
      description:
        'A TOTP or a recovery code for the challenge; after a required first enrolment the ' +
        'answer also holds the 10 recovery codes, shown once.',
    },
    async (request) =>
      auth.loginVerify(
        { challengeToken: request.body.challenge_token, code: request.body.code },
        requestMeta(request),
      ),
  );

  open.query(
    'POST',
    '/auth/app/v1/register',
    {
      perMinute: 10,
      body: ZRegisterRequest,
      response: ZLoginAnswer,
      message: 'Your Account Has Been Successfully Registered',
      description:
        'Auth data; or, while the firm requires 2FA, no session yet: the enrolment challenge ' +
        '`{challenge_token, methods: ["totp"], enrolment}` for `/auth/app/v1/login/verify`.',
    },
    async (request) => {
      const { username, password, invite_code } = request.body;
      return auth.register(
        { mobile: username, passwordMd5: password, inviteCode: invite_code },
        requestMeta(request),
      );
    },
  );

  open.query(
    'POST',
    '/auth/app/v1/refresh',
    {
      perMinute: 30,
      response: ZLoginAnswer,
      description:
        'No body: the refresh token is the bearer token. The old one is spent. While the firm ' +
        'requires 2FA and the client has none, the session ends and the answer is the ' +
        'enrolment challenge, as at sign-in.',
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized(ApiMessage.refreshInvalid);
      return auth.refresh(token, requestMeta(request));
    },
  );
}

function registerPasswords(open: RouteKit, client: RouteKit, auth: Auth) {
  client.query('POST', '/auth/app/v1/logout', { response: z.null() }, async (request) => {
    await auth.logout(clientOf(request).sessionId);
    return null;
  });

  client.query(
    'POST',
    '/auth/app/v1/change_pwd',
    {
      body: ZChangePasswordRequest,
      response: z.null(),
      message: 'Password changed successfully.',
    },
    async (request) => {
      const { old_password, new_password } = request.body;
      await auth.changePassword(
        clientOf(request).clientId,
        { oldMd5: old_password, newMd5: new_password },
        requestMeta(request),
      );
      return null;
    },
  );

  open.query(
    'POST',
    '/client/app/v1/code',
    {
      perMinute: 10,
      body: ZResetCodeRequest,
      response: z.object({ reset_token: z.string() }),
      description:
        "Checks an advisor's reset code for a mobile ('email' holds '+91…'); returns a one-time reset token.",
    },
    async (request) => {
      const { email, code } = request.body;
      return auth.verifyResetCode({ mobile: email, code }, requestMeta(request));
    },
  );

  open.query(
    'POST',
    '/auth/app/v1/reset_pwd',
    {
      perMinute: 10,
      body: ZResetPasswordRequest,
      response: z.null(),
      message: 'Password reset successfully.',
    },
    async (request) => {
      const { username, password, reset_token } = request.body;
      await auth.resetPassword(
        { mobile: username, passwordMd5: password, resetToken: reset_token },
        requestMeta(request),
      );
      return null;
    },
  );
}

/** The client's second factor. */
function registerSecondFactor(client: RouteKit, auth: Auth) {
  client.query('GET', '/client/app/v1/totp', { response: ZTotpStatus }, async (request) =>
    auth.totp.status(clientOf(request).clientId),
  );

  client.query(
    'POST',
    '/client/app/v1/totp/enrol',
    {
      perMinute: 10,
      body: ZTotpEnrolRequest,
      response: ZTotpEnrolment,
      description:
        'The password again (`password`, MD5 hex) or a pwd_verify in the last 5 minutes. ' +
        'Answers a new secret; nothing changes until totp/confirm proves a first code.',
    },
    async (request) =>
      auth.startTotpEnrolment(clientOf(request), request.body.password, requestMeta(request)),
  );

  client.query(
    'POST',
    '/client/app/v1/totp/confirm',
    {
      perMinute: 10,
      body: ZTotpCodeRequest,
      response: ZRecoveryCodes,
      message: 'Two-factor authentication is on. Keep these recovery codes somewhere safe.',
    },
    async (request) => ({
      recovery_codes: await auth.totp.confirm(
        clientOf(request).clientId,
        request.body.code,
        requestMeta(request),
      ),
    }),
  );

  client.query(
    'POST',
    '/client/app/v1/totp/disable',
    {
      perMinute: 10,
      body: ZTotpCodeRequest,
      response: z.null(),
      message: 'Two-factor authentication is off.',
    },
    async (request) => {
      await auth.totp.disable(clientOf(request).clientId, request.body.code, requestMeta(request));
      return null;
    },
  );

  client.query(
    'POST',
    '/client/app/v1/totp/recovery_codes',
    {
      perMinute: 10,
      body: ZTotpCodeRequest,
      response: ZRecoveryCodes,
      message: 'New recovery codes. The old ones no longer work.',
      description:
        'A TOTP (or an unspent recovery code) proves the factor; answers 10 new recovery ' +
        'codes, shown once, and the earlier ones stop working.',
    },
    async (request) => ({
      recovery_codes: await auth.totp.regenerateRecoveryCodes(
        clientOf(request).clientId,
        request.body.code,
        requestMeta(request),
      ),
    }),
  );
}

/** Sessions and devices. */
function registerSessions(client: RouteKit, auth: Auth) {
  client.query(
    'GET',
    '/client/app/v1/sessions',
    { response: z.array(ZClientSession), description: "The client's live sessions." },
    async (request) => {
      const { clientId, sessionId } = clientOf(request);
      return auth.listSessions(clientId, sessionId);
    },
  );

  client.query(
    'DELETE',
    '/client/app/v1/sessions/:id',
    {
      params: z.object({ id: z.uuid({ error: 'No such session.' }) }),
      response: z.null(),
      message: 'Signed out on that device.',
    },
    async (request) => {
      await auth.endSession(clientOf(request).clientId, request.params.id);
      return null;
    },
  );

  client.query(
    'POST',
    '/client/app/v1/sessions/end_others',
    {
      response: z.object({ ended: z.number() }),
      message: 'Signed out everywhere else.',
      description: 'Ends every live session of the client except the one asking.',
    },
    async (request) => {
      const { clientId, sessionId } = clientOf(request);
      return { ended: await auth.endOtherSessions(clientId, sessionId) };
    },
  );
}
