/** Putting messages in the outbox, inside the caller's transaction (decision 031). */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { mailOutbox, type StoredAttachment } from './tables.ts';

export type MailMessage = {
  purpose: string;
  clientId?: string | null;
  to: string;
  subject: string;
  body: string;
  /** The body as HTML too (mail programs show it; the text stays for those that cannot). */
  html?: string | null;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
};

/**
 * Several messages in one statement, their ids in the order given (chosen here, so that no
 * reliance on the order of RETURNING is needed): the contract-note run's batches.
 */
export async function enqueueMessages(
  clock: Clock,
  executor: Executor,
  messages: MailMessage[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  const now = clock.now();
  const ids = messages.map(() => randomUUID());
  await executor.insert(mailOutbox).values(
    messages.map((message, i) => ({
      id: ids[i],
      purpose: message.purpose,
      clientId: message.clientId ?? null,
      toAddress: message.to,
      subject: message.subject,
      body: message.body,
      html: message.html ?? null,
      attachments: (message.attachments ?? []).map((a): StoredAttachment => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: a.content.toString('base64'),
      })),
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return ids;
}
