import { ApiMessage } from '@sampada/shared';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../platform/errors.ts';
import { PASSWORD_VERIFICATION_TTL_MS, type SessionDeps } from './session-deps.ts';
import { sessions } from './tables.ts';

export async function markPasswordVerified(deps: SessionDeps, sessionId: string) {
  await deps.db
    .update(sessions)
    .set({ passwordVerifiedAt: deps.clock.now() })
    .where(eq(sessions.id, sessionId));
}

/** Setting a PIN needs the password confirmed in this session within the last 5 minutes. */
export async function requireRecentPasswordVerification(deps: SessionDeps, sessionId: string) {
  const { db, clock } = deps;
  const [session] = await db
    .select({ at: sessions.passwordVerifiedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  const fresh =
    session?.at && session.at.getTime() > clock.now().getTime() - PASSWORD_VERIFICATION_TTL_MS;
  if (!fresh) throw badRequest(ApiMessage.passwordVerifyFirst);
  await db.update(sessions).set({ passwordVerifiedAt: null }).where(eq(sessions.id, sessionId));
}
