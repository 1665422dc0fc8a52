/** Staff, clients and their sign-in, KYC and settings. */
import { deriveKey } from '../platform/crypto.ts';
import { ipPlaces } from '../platform/ip-place.ts';
import { createSignedInCache } from '../platform/signed-in-cache.ts';
import type { Authenticate } from '../platform/guards.ts';
import { createAuditService } from '../modules/audit/service.ts';
import { createAuthService } from '../modules/auth/service.ts';
import { createTokenSigner } from '../modules/auth/tokens.ts';
import { createClientViews } from '../modules/clients/console-views.ts';
import { type ClientRow, createClientService } from '../modules/clients/service.ts';
import { createInviteService } from '../modules/invites/service.ts';
import { createKycService } from '../modules/kyc/service.ts';
import { createSettingsService } from '../modules/settings/service.ts';
import { createStaffService } from '../modules/staff/service.ts';
import {
  createStaffSessionCache,
  staffSessionsChanged,
} from '../modules/staff-auth/staff-session-cache.ts';
import { createUploadService } from '../modules/uploads/service.ts';
import type { Foundation } from './foundation.ts';

export function wireClients({
  config,
  db,
  clock,
  secrets,
  files,
  bus,
  transitionEvents,
}: Foundation) {
  // The console's copies of sessions and their members; the staff service tells it of changes.
  const staffSessions = createStaffSessionCache(bus, config.signedInCacheTtlMs);
  const staff = createStaffService(db, () => staffSessionsChanged(staffSessions));
  // client_info's copies of sessions and client rows; the clients service tells it of changes.
  const signedIn = createSignedInCache<ClientRow>({
    bus,
    ttlMs: config.signedInCacheTtlMs,
  });
  const clients = createClientService(
    db,
    clock,
    deriveKey(secrets.dataKey, 'pin window v1'),
    signedIn,
  );
  const invites = createInviteService(db, clock, { staff, clients });
  const uploads = createUploadService(db, files, secrets.urlKey, clock);
  const signer = createTokenSigner(secrets.jwtSecret, config.accessTokenTtl, clock);
  const auth = createAuthService({
    db,
    clock,
    signer,
    refreshTtlSeconds: config.refreshTokenTtl,
    sessionMaxAgeSeconds: config.sessionMaxAge,
    clients,
    invites,
    signedIn,
    dataKey: deriveKey(secrets.dataKey, 'client totp v1'),
    places: ipPlaces,
    // Read when a client signs in, by which time the settings service exists.
    twoFactorRequired: async () => (await settings.all()).client_2fa_required ?? false,
  }) satisfies Authenticate;
  const kyc = createKycService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    uploads,
    events: transitionEvents,
  });
  const clientViews = createClientViews({ clients, staff, kyc, auth });
  const audit = createAuditService({ db, staff, clients });
  const settings = createSettingsService(db, bus);
  return {
    staff,
    staffSessions,
    clients,
    invites,
    uploads,
    auth,
    kyc,
    clientViews,
    audit,
    settings,
  };
}
export type ClientsWiring = ReturnType<typeof wireClients>;
