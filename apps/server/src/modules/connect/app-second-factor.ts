import {
  ConnectMessage,
  PIN_REQUIRED,
  type TApiAppSecondFactor,
  TwoFactorMessage as TM,
} from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import type { AuthService } from '../auth/service.ts';
import type { ClientService } from '../clients/service.ts';

export type AppFactorDeps = {
  auth: Pick<AuthService, 'totp'>;
  clients: Pick<ClientService, 'verifyPin'>;
};

/**
 * Creating an app or rotating its secret hands out a secret that trades without the PIN, so it
 * owes the strongest factor the client has, decided as sign-in decides it (auth's
 * `secondFactorOf`): with 2FA on, a TOTP or a recovery code (the PIN alone is not enough);
 * when the firm requires 2FA and the client has not enrolled, nothing here will do; else the PIN.
 */
export async function checkAppSecondFactor(
  { auth, clients }: AppFactorDeps,
  clientId: string,
  secret: TApiAppSecondFactor,
  request: { ip: string; sessionId: string },
) {
  const owed = await auth.totp.secondFactorOf(clientId);
  if (owed === 'enrol') throw badRequest(ConnectMessage.enrolFirst);
  if (owed === 'totp') {
    const code = secret.totp_code?.trim();
    if (!code) throw badRequest(TM.codeRequired);
    // auth's own check: counted toward the sign-in lockout before it is tried, each code good once.
    if (!(await auth.totp.checkCode(clientId, code, { ip: request.ip })))
      throw badRequest(TM.badCode);
    return;
  }
  if (!secret.pin) throw badRequest(PIN_REQUIRED);
  // A wrong PIN counts toward the client's PIN lockout, as everywhere in the app.
  await clients.verifyPin(clientId, secret.pin, request.sessionId);
}
