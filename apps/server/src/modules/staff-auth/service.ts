/**
 * Staff sign-in with a second factor (domain.md "People"): email + password, then a TOTP
 * code or a one-time recovery code. A first sign-in enrols TOTP: the secret and recovery
 * codes are shown once and take effect only when the staff member confirms a first code.
 * Five failed steps lock the account for 15 minutes. Sessions are opaque tokens stored as
 * SHA-256, ending after 30 idle minutes or 8 hours, whichever comes first.
 */
import type { TSignInChallenge, TStaffMe, TStaffSession } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import type { StaffAuth } from '../../platform/staff-guard.ts';
import { signIn } from './sign-in.ts';
import { resetTotp, signOut, signOutEverywhere } from './sign-out.ts';
import type { Meta, StaffAuthDeps } from './staff-auth-deps.ts';
import { authenticateStaff, meOf } from './staff-session-reads.ts';
import { revokeAll } from './staff-sessions.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

export {
  CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  STAFF_LOCKOUT,
  STAFF_SIGN_IN_PER_IP,
} from './staff-auth-deps.ts';

export function createStaffAuthService(deps: StaffAuthDeps) {
  const { staff } = deps;
  return {
    /** Step one: email and password (MD5 hex). Answers a challenge for the second factor. */
    signIn: (
      input: { email: string; passwordMd5: string },
      meta: Meta,
    ): Promise<TSignInChallenge> => signIn(deps, input, meta),

    /** Step two: a TOTP code (or, once enrolled, a recovery code). Opens a session. */
    verify: (
      input: {
        challengeToken: string;
        code?: string | undefined;
        recoveryCode?: string | undefined;
      },
      meta: Meta,
    ): Promise<TStaffSession> => verifySecondFactor(deps, input, meta),

    /** Resolves a bearer token to a live session of an active staff member; 401 otherwise. */
    authenticate: (token: string): Promise<StaffAuth> => authenticateStaff(deps, token),

    me: (staffId: string): Promise<TStaffMe & { recovery_codes_left: number }> =>
      meOf(deps, staffId),

    signOut: (auth: StaffAuth, meta: Meta) => signOut(deps, auth, meta),

    /** Ends every session of this staff member, on every device. */
    signOutEverywhere: (auth: StaffAuth, meta: Meta) => signOutEverywhere(deps, auth, meta),

    /** Deactivation ends the member's sessions in the same transaction. */
    async setActive(id: string, active: boolean, actor: Actor) {
      return staff.setActive(id, active, actor, async (tx) => {
        if (!active) await revokeAll(deps, tx, id, 'deactivated');
      });
    },

    /** An admin clears a lost authenticator: the next sign-in enrols again. */
    resetTotp: (id: string, actor: Actor) => resetTotp(deps, id, actor),
  };
}
export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
