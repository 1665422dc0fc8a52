/**
 * The client's e-mail address (docs/api-duties.md): add and verify with a code, replace with
 * the PIN. Other modules ask `verifiedAddressOf` where a client's mail goes.
 */
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { TEmailState } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { MailService } from '../mail/service.ts';
import { confirmCode } from './confirm-code.ts';
import { startVerification } from './start-verification.ts';
import { clientEmails, emailCodes } from './tables.ts';

export function createEmailService(deps: {
  db: Db;
  clock: Clock;
  clients: ClientService;
  mail: MailService;
}) {
  const { db, clock } = deps;

  async function stateOf(clientId: string): Promise<TEmailState> {
    const [current] = await db
      .select()
      .from(clientEmails)
      .where(eq(clientEmails.clientId, clientId));
    const [pending] = await db
      .select()
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.clientId, clientId),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, clock.now()),
        ),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return {
      address: current?.address ?? null,
      verified_at: current?.verifiedAt.toISOString() ?? null,
      pending: pending
        ? { address: pending.address, expires_at: pending.expiresAt.toISOString() }
        : null,
    };
  }

  return {
    stateOf,

    async start(
      clientId: string,
      input: { address: string; pin?: string | undefined },
      actor: Actor,
    ) {
      await startVerification(deps, { clientId, ...input, actor });
      return stateOf(clientId);
    },

    async confirm(clientId: string, code: string, actor: Actor) {
      await confirmCode(deps, { clientId, code, actor });
      return stateOf(clientId);
    },

    /** Where the client's mail goes, or null until they verify an address. */
    async verifiedAddressOf(clientId: string, executor: Executor = db): Promise<string | null> {
      const [row] = await executor
        .select({ address: clientEmails.address })
        .from(clientEmails)
        .where(eq(clientEmails.clientId, clientId));
      return row?.address ?? null;
    },

    /** Verified addresses of many clients at once (the contract-note run). */
    async verifiedAddresses(clientIds: string[]): Promise<Map<string, string>> {
      if (clientIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(clientEmails)
        .where(inArray(clientEmails.clientId, clientIds));
      return new Map(rows.map((r) => [r.clientId, r.address]));
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
