import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { IpPlaces } from '../../platform/ip-place.ts';
import type { SignedInCache } from '../../platform/signed-in-cache.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import type { InviteService } from '../invites/service.ts';
import type { ClientTotp } from './client-totp.ts';
import type { PasswordAttempts } from './password-attempts.ts';
import type { Sessions } from './sessions.ts';
import type { createSignInChallenges } from './sign-in-challenges.ts';
import type { TokenSigner } from './tokens.ts';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  clients: ClientService;
  invites: InviteService;
  signedIn: SignedInCache<ClientRow>;
  dataKey: Buffer;
  places: IpPlaces;
  /** The firm setting "clients must use a second factor". */
  twoFactorRequired: () => Promise<boolean>;
};

/** The parts the auth service builds from its deps, handed to its use cases. */
export type AuthParts = AuthDeps & {
  sessions: Sessions;
  attempts: PasswordAttempts;
  totp: ClientTotp;
  challenges: ReturnType<typeof createSignInChallenges>;
};
