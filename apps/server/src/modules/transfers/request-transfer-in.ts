/**
 * A client asks to transfer shares in: their previous broker's tradebook is read whole
 * (tradebook-file.ts) and, only when every line is good, stored as a pending request with the
 * lots it leaves. A bad file answers 400 naming each line and its reason, and stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { TRANSFER_MESSAGES, type TTransferIn } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { type KnownScrip, parseTradebook } from './tradebook-file.ts';
import { shareTransferLots, shareTransfers } from './tables.ts';
import { transferViews, transferWhere } from './transfer-views.ts';

/** The file's bytes as text; a binary file (NUL bytes, not UTF-8) is refused by its content. */
function textOf(bytes: Buffer): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('binary');
    return text;
  } catch {
    throw badRequest(TRANSFER_MESSAGES.notText);
  }
}

export async function requestTransferIn(
  deps: { db: Db; clock: Clock; known: KnownScrip },
  input: { clientId: string; fileName: string; bytes: Buffer },
): Promise<TTransferIn> {
  const { db, clock } = deps;
  const now = clock.now();
  const parsed = parseTradebook(textOf(input.bytes), deps.known, istDateOf(now));
  if (parsed.problems.length) {
    const shown = parsed.problems.slice(0, 20).map((p) => `line ${p.line}: ${p.reason}`);
    const more = parsed.problems.length > 20 ? [`…and ${parsed.problems.length - 20} more`] : [];
    throw badRequest(
      `The tradebook has ${parsed.problems.length} bad line${parsed.problems.length === 1 ? '' : 's'}; nothing was stored. ${[...shown, ...more].join('; ')}`,
      { problems: parsed.problems },
    );
  }
  const id = randomUUID();
  return inTransaction(db, async (tx) => {
    await tx.insert(shareTransfers).values({
      id,
      clientId: input.clientId,
      fileName: input.fileName.slice(0, 200) || 'tradebook.csv',
      tradeCount: parsed.trades,
      createdAt: now,
    });
    if (parsed.lots.length)
      await tx.insert(shareTransferLots).values(
        parsed.lots.map((lot, position) => ({
          id: randomUUID(),
          transferId: id,
          position,
          ...lot,
        })),
      );
    await recordAudit(
      tx,
      { type: 'client', id: input.clientId },
      {
        action: 'transfer_in.request',
        subjectType: 'share_transfer',
        subjectId: id,
        after: { status: 'pending', lots: parsed.lots.length, trades: parsed.trades },
      },
    );
    return (await transferViews(tx, transferWhere.one(id)))[0]!;
  });
}
