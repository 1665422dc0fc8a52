/** A client's newest KYC submission, read through the caller's executor. */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { kycSubmissions } from './tables.ts';

export async function latestSubmission(executor: Executor, clientId: string) {
  const [row] = await executor
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.clientId, clientId))
    .orderBy(desc(kycSubmissions.submittedAt))
    .limit(1);
  return row;
}
