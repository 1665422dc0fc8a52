/**
 * A day's contract-note run as the console shows it: every client with fills that day, whose
 * they are (operations follow a skipped or failed one up by the client's UID), and what became
 * of the message that carries them.
 */
import { asc, eq } from 'drizzle-orm';
import type { TNoteDeliveryRun } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { ClientService } from '../clients/service.ts';
import type { MailService } from '../mail/service.ts';
import { noteDeliveries } from './tables.ts';

type Deps = { db: Db; clients: ClientService; mail: MailService };

export async function dayRun(deps: Deps, day: string): Promise<TNoteDeliveryRun> {
  const rows = await deps.db
    .select()
    .from(noteDeliveries)
    .where(eq(noteDeliveries.tradeDate, day))
    .orderBy(asc(noteDeliveries.createdAt));
  const [mails, refs] = await Promise.all([
    deps.mail.byIds(rows.flatMap((r) => (r.mailId ? [r.mailId] : []))),
    deps.clients.refsOf(rows.map((r) => r.clientId)),
  ]);
  const items = rows.map((r) => {
    const mail = r.mailId ? mails.get(r.mailId) : undefined;
    const ref = refs.get(r.clientId);
    return {
      client_id: r.clientId,
      client_uid: ref?.uid ?? '',
      client_name: ref?.name ?? null,
      mail_id: r.mailId,
      to: mail?.to ?? null,
      notes: r.notes,
      skipped_reason: r.skippedReason,
      status: mail?.status ?? ('skipped' as const),
      attempts: mail?.attempts ?? 0,
      last_error: mail?.last_error ?? null,
      sent_at: mail?.sent_at ?? null,
      // A note that could not even be written to a message is as late as one never delivered.
      overdue: mail ? mail.overdue : true,
    };
  });
  const tally = (status: string) => items.filter((i) => i.status === status).length;
  return {
    date: day,
    counts: {
      sent: tally('sent'),
      queued: tally('queued') + tally('sending'),
      failed: tally('failed'),
      skipped: tally('skipped'),
      retried: items.filter((i) => i.attempts > 1).length,
    },
    items,
  };
}
