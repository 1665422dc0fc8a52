/**
 * A client names their nominees or declares they opt out. Either needs the PIN; either
 * replaces what was there, in one transaction; a confirmation goes to the verified e-mail
 * address (written to the outbox in that transaction), so a change made by someone else is
 * seen by the client.
 */
import { eq } from 'drizzle-orm';
import { shareHundredths, type TNominee } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { encrypt } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClientService } from '../clients/service.ts';
import type { EmailService } from '../email/service.ts';
import type { MailService } from '../mail/service.ts';
import { guardianProblem } from './rules.ts';
import { nominations, nominees } from './tables.ts';

export type NominationDeps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: ClientService;
  email: EmailService;
  mail: MailService;
};

type Choice = { kind: 'nominated'; list: Array<NomineeInput> } | { kind: 'opted_out' };
type NomineeInput = Required<
  Pick<TNominee, 'name' | 'relationship' | 'dob' | 'id_number' | 'address' | 'share_pct'>
> & {
  guardian: { name: string; relationship: string } | null;
};

function confirmation(choice: Choice) {
  if (choice.kind === 'opted_out')
    return {
      subject: 'You opted out of nomination',
      body: [
        'You declared that you do not wish to name a nominee for your Sampada account.',
        'Your holdings and balance will pass to your legal heirs under the law.',
        'You can name nominees at any time in the app under Me › Nominees.',
        '',
        'If you did not make this change, call us at once.',
      ].join('\n'),
    };
  return {
    subject: 'Your nominees were updated',
    body: [
      'The nominees on your Sampada account are now:',
      ...choice.list.map((n) => `  ${n.name} (${n.relationship}) — ${n.share_pct}%`),
      '',
      'If you did not make this change, call us at once.',
    ].join('\n'),
  };
}

export async function saveNomination(
  deps: NominationDeps,
  input: { clientId: string; pin: string; choice: Choice; actor: Actor },
) {
  const { db, clock } = deps;
  const { clientId, choice } = input;
  const now = clock.now();
  if (choice.kind === 'nominated') {
    const problem = guardianProblem(choice.list, istDateOf(now));
    if (problem) throw badRequest(problem);
  }
  await deps.clients.verifyPin(clientId, input.pin);
  await inTransaction(db, async (tx) => {
    await tx.delete(nominees).where(eq(nominees.clientId, clientId));
    if (choice.kind === 'nominated') {
      await tx.insert(nominees).values(
        choice.list.map((n, position) => ({
          clientId,
          position,
          name: n.name,
          relationship: n.relationship,
          dob: n.dob,
          idNoEnc: encrypt(n.id_number, deps.dataKey),
          idNoLast4: n.id_number.slice(-4),
          address: n.address,
          shareHundredths: shareHundredths(n.share_pct),
          guardianName: n.guardian?.name ?? null,
          guardianRelationship: n.guardian?.relationship ?? null,
        })),
      );
    }
    await tx
      .insert(nominations)
      .values({ clientId, status: choice.kind, updatedAt: now })
      .onConflictDoUpdate({
        target: nominations.clientId,
        set: { status: choice.kind, updatedAt: now },
      });
    const address = await deps.email.verifiedAddressOf(clientId, tx);
    if (address)
      await deps.mail.enqueue(tx, {
        purpose: 'nominees.changed',
        clientId,
        to: address,
        ...confirmation(choice),
      });
    await recordAudit(tx, input.actor, {
      action: choice.kind === 'nominated' ? 'client.nominees.set' : 'client.nominees.opt_out',
      subjectType: 'client',
      subjectId: clientId,
      after:
        choice.kind === 'nominated'
          ? { nominees: choice.list.map((n) => ({ name: n.name, share_pct: n.share_pct })) }
          : { opted_out: true },
    });
  });
}
