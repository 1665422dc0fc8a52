/** Console sign-in: two steps, then the session's own routes (me, sign out, sign out everywhere). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZSignInChallenge,
  ZStaffMe,
  ZStaffSession,
  ZStaffSignInRequest,
  ZStaffVerifyRequest,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { staffOf } from '../../platform/staff-guard.ts';

export function staffAuthConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { staffAuth } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: sign-in'] });
    const access = 'session';

    kit.query(
      'POST',
      '/auth/sign-in',
      { staffPublic: true, perMinute: 20, body: ZStaffSignInRequest, response: ZSignInChallenge },
      async (request) =>
        staffAuth.signIn(
          { email: request.body.email, passwordMd5: request.body.password },
          requestMeta(request),
        ),
    );

    kit.query(
      'POST',
      '/auth/verify',
      { staffPublic: true, perMinute: 20, body: ZStaffVerifyRequest, response: ZStaffSession },
      async (request) => {
        const { challenge_token, code, recovery_code } = request.body;
        return staffAuth.verify(
          { challengeToken: challenge_token, code, recoveryCode: recovery_code },
          requestMeta(request),
        );
      },
    );

    kit.query(
      'GET',
      '/auth/me',
      { access, response: ZStaffMe.extend({ recovery_codes_left: z.number() }) },
      async (request) => staffAuth.me(staffOf(request).staffId),
    );

    kit.query(
      'POST',
      '/auth/sign-out',
      { access, response: z.null(), message: 'Signed out.' },
      async (request) => {
        await staffAuth.signOut(staffOf(request), requestMeta(request));
        return null;
      },
    );

    kit.query(
      'POST',
      '/auth/sign-out-everywhere',
      { access, response: z.null(), message: 'Signed out on every device.' },
      async (request) => {
        await staffAuth.signOutEverywhere(staffOf(request), requestMeta(request));
        return null;
      },
    );
  };
}
