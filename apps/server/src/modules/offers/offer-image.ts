/** An offer's picture: judged by content, re-encoded, stored beside the row that names it. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OM } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { reencodeImage } from '../uploads/service.ts';
import type { OfferDeps } from './offer-deps.ts';
import { offerOf } from './offer-rules.ts';
import { consoleView } from './offer-views.ts';
import { offers } from './tables.ts';

const IMAGE_RULE = { minSide: 200, maxSide: 1600, square: false };

type ImageDeps = Pick<OfferDeps, 'db' | 'clock' | 'files'>;

/** Judged by content and re-encoded; a replaced picture's file goes once the row moved on. */
export async function setOfferImage(
  { db, clock, files }: ImageDeps,
  id: string,
  bytes: Buffer,
  actor: Actor,
) {
  const before = await offerOf(db, id);
  const output = await reencodeImage(bytes, IMAGE_RULE);
  const file = `${randomUUID()}.jpg`;
  await files.put(`offers/${file}`, output.data);
  const [row] = await db
    .update(offers)
    .set({ imageFile: file, updatedAt: clock.now() })
    .where(eq(offers.id, id))
    .returning();
  await recordAudit(db, actor, {
    action: 'offer.image',
    subjectType: 'offer',
    subjectId: id,
    before: { image_file: before.imageFile },
    after: { image_file: file },
  });
  if (before.imageFile) await files.remove(`offers/${before.imageFile}`);
  return consoleView(row!);
}

/** Clients see the offer without a picture; removing none is a no-op. */
export async function removeOfferImage({ db, clock, files }: ImageDeps, id: string, actor: Actor) {
  const previous = await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
    if (!before) throw notFound(OM.offerNotFound);
    if (!before.imageFile) return null;
    await tx
      .update(offers)
      .set({ imageFile: null, updatedAt: clock.now() })
      .where(eq(offers.id, id));
    await recordAudit(tx, actor, {
      action: 'offer.image_remove',
      subjectType: 'offer',
      subjectId: id,
      before: { image_file: before.imageFile },
    });
    return before.imageFile;
  });
  if (previous) await files.remove(`offers/${previous}`);
  return consoleView(await offerOf(db, id));
}

export async function readOfferImage(
  { files }: Pick<OfferDeps, 'files'>,
  file: string,
): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}\.jpg$/.test(file)) return null;
  return files.get(`offers/${file}`);
}
