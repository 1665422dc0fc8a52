/**
 * A client's message as one call of the database function support_send_client_message
 * (migration 0021): the conversation locked, the repeated id answered, the exact rate count,
 * the message stored and the conversation moved, in one round trip. The function raises its
 * refusals, so a refused send leaves nothing behind; they come back here as the API's errors.
 */
import { sql } from 'drizzle-orm';
import { CHAT_RATE_PER_MINUTE, SM } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import { sqlStateOf } from '../../platform/pg-errors.ts';
import type { ConversationRow, MessageRow } from './views.ts';

/** The SQLSTATEs the function raises: the id is another message's; over the rate. */
const ID_REUSED = 'SUP01';
const TOO_FAST = 'SUP02';
const RATE_WINDOW = '1 minute';

export type ClientSend = {
  id: string;
  clientId: string;
  body: string;
  imageUploadId: string | null;
  now: Date;
};

export type ClientSendResult = {
  /** `closed`: nothing was written; the conversation must be reopened first. */
  outcome: 'stored' | 'duplicate' | 'closed';
  conversationId: string;
  row: MessageRow;
  marks: Pick<ConversationRow, 'clientReadSeq' | 'staffDeliveredSeq' | 'staffReadSeq'>;
};

type Returned = {
  outcome: ClientSendResult['outcome'];
  conversation_id: string;
  seq: number | null;
  created_ms: string | null;
  client_read_seq: number;
  staff_delivered_seq: number;
  staff_read_seq: number;
};

export async function storeClientMessage(
  executor: Executor,
  send: ClientSend,
): Promise<ClientSendResult> {
  let result: unknown;
  try {
    result = await executor.execute(sql`
      select out_outcome as outcome, out_conversation_id as conversation_id, out_seq as seq,
             (extract(epoch from out_created_at) * 1000)::bigint::text as created_ms,
             out_client_read_seq as client_read_seq,
             out_staff_delivered_seq as staff_delivered_seq, out_staff_read_seq as staff_read_seq
      from support_send_client_message(${send.id}::uuid, ${send.clientId}::uuid, ${send.body},
        ${send.imageUploadId}::uuid, ${send.now.toISOString()}::timestamptz,
        ${CHAT_RATE_PER_MINUTE}::integer, ${RATE_WINDOW}::interval)`);
  } catch (error) {
    const state = sqlStateOf(error);
    if (state === ID_REUSED) throw badRequest(SM.idReused);
    if (state === TOO_FAST) throw tooMany(SM.tooFast);
    throw error;
  }
  const r = (result as { rows: Returned[] }).rows[0]!;
  return {
    outcome: r.outcome,
    conversationId: r.conversation_id,
    row: {
      id: send.id,
      conversationId: r.conversation_id,
      seq: r.seq ?? 0,
      authorType: 'client',
      authorStaffId: null,
      body: send.body,
      imageUploadId: send.imageUploadId,
      createdAt: r.created_ms === null ? send.now : new Date(Number(r.created_ms)),
    },
    marks: {
      clientReadSeq: r.client_read_seq,
      staffDeliveredSeq: r.staff_delivered_seq,
      staffReadSeq: r.staff_read_seq,
    },
  };
}
