/**
 * Password-reset codes: an advisor issues a six-digit code to read to the client; the client
 * trades it for a one-time reset token, and the token for a new password. Codes and tokens
 * are stored hashed, attempts are counted before the slow comparison, and only the latest
 * code of a client works.
 */
import type { Actor } from '../../platform/audit.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { issueResetCode } from './issue-reset-code.ts';
import { listResetCodes } from './list-reset-codes.ts';
import type { ResetCodeDeps } from './reset-code-rules.ts';
import { resetPassword } from './reset-password.ts';
import type { RequestMeta } from './session-deps.ts';
import { verifyResetCode } from './verify-reset-code.ts';

export {
  RESET_CHECKS_PER_IP,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_MAX_TOTAL,
  RESET_CODE_TTL_MS,
  RESET_CODES_PER_CLIENT,
  RESET_TOKEN_TTL_MS,
} from './reset-code-rules.ts';

export function createResetCodes(deps: ResetCodeDeps) {
  return {
    /**
     * An advisor (or the operator CLI) issues a code to read to the client. A staff `viewer`
     * issues only for clients they may act for, and is recorded as the issuer.
     */
    issueResetCode: (mobileInput: string, actor: Actor, viewer: Viewer | null = null) =>
      issueResetCode(deps, mobileInput, actor, viewer),

    /** Reset codes newest first, for the console (never the code itself). */
    listResetCodes: (filter: { clientId?: string; viewer?: Viewer; limit: number }) =>
      listResetCodes(deps, filter),

    /** Checks the code and hands back a one-time reset token. Wrong or unknown: one message. */
    verifyResetCode: (input: { mobile: string; code: string }, meta: RequestMeta) =>
      verifyResetCode(deps, input, meta),

    resetPassword: (
      input: { mobile: string; passwordMd5: string; resetToken: string },
      meta: RequestMeta,
    ) => resetPassword(deps, input, meta),
  };
}
export type ResetCodes = ReturnType<typeof createResetCodes>;
