/** One outbox message's text for the console, never the text of one that holds a secret. */
import { eq } from 'drizzle-orm';
import { MAIL_BODY_WITHHELD, MAIL_SECRET_PURPOSES, type TOutboxMessageBody } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from './tables.ts';

export async function messageBody(db: Db, id: string): Promise<TOutboxMessageBody | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  const secret = MAIL_SECRET_PURPOSES.includes(row.purpose);
  return {
    id: row.id,
    purpose: row.purpose,
    to: row.toAddress,
    subject: row.subject,
    body: secret ? null : row.body,
    withheld: secret ? MAIL_BODY_WITHHELD : null,
    attachments: row.attachments.map((a) => a.filename),
  };
}
