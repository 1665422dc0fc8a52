/**
 * Customer-service chat (docs/api-support.md): the client's widget and the console's inbox.
 * Messages carry an id the sender makes (a UUID), so a send repeated after a lost answer or
 * from the offline outbox is stored once; the same id with other content is refused.
 */
import { formatCount } from './money.ts';
import { z } from 'zod';

export const CHAT_TEXT_MAX = 2_000;
/** Per client, counted on stored messages over the last minute. */
export const CHAT_RATE_PER_MINUTE = 20;
export const CHAT_PAGE_SIZE = 30;
/** The profile's `service` while the built-in chat is used (no external chat project). */
export const BUILTIN_CHAT_SERVICE = 'sampada-chat';

/** Messages the API answers with (copied by tests and the apps). */
export const SM = {
  textRequired: 'Write a message or attach an image.',
  textTooLong: `A message can be at most ${formatCount(CHAT_TEXT_MAX)} characters.`,
  idInvalid: 'The message id must be a UUID.',
  idReused: 'This message id was already used for a different message.',
  imageNotYours: 'The image was not found. Please upload it again.',
  tooFast: `You can send up to ${CHAT_RATE_PER_MINUTE} messages a minute. Please wait a moment and try again.`,
  conversationNotFound: 'Conversation not found.',
  cannedNotFound: 'Canned reply not found.',
  assigneeInvalid: 'That staff member cannot take support conversations.',
  beforeInvalid: 'before must be a message sequence number.',
  alreadyOpen: 'The conversation is already open.',
  alreadyClosed: 'The conversation is already closed.',
  closedReopenFirst: 'This conversation is closed. Reopen it to reply.',
} as const;

const messageId = z.uuid({ error: SM.idInvalid });
/** Sequence numbers are PostgreSQL integers. */
const SEQ_MAX = 2_147_483_647;
const text = z
  .string({ error: SM.textRequired })
  .max(CHAT_TEXT_MAX, { error: SM.textTooLong })
  .transform((s) => s.trim());

export const ZChatSend = z
  .object({
    id: messageId,
    text: text.optional().default(''),
    /** A link `POST /client/app/v1/image` answered (the image is checked and re-encoded there). */
    image_url: z.string().max(2048).nullable().optional(),
  })
  .refine((m) => m.text.length > 0 || !!m.image_url, { error: SM.textRequired });
export type TChatSend = z.input<typeof ZChatSend>;

export const ZChatHistoryQuery = z.object({
  /** Messages older than this sequence number; omitted for the newest page. */
  before: z.coerce
    .number({ error: SM.beforeInvalid })
    .int({ error: SM.beforeInvalid })
    .positive({ error: SM.beforeInvalid })
    .max(SEQ_MAX, { error: SM.beforeInvalid })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});

export const ZChatRead = z.object({
  /** The newest sequence number the reader has seen. */
  seq: z.number().int().nonnegative().max(SEQ_MAX),
});

/**
 * One message as both apps see it. `text` is plain text: the apps render it as text, never as
 * HTML. `status` is the client's view of its own message: `sent` (stored), `delivered` (an
 * agent's inbox has fetched it), `read` (an agent has read it). Staff messages: `sent` or `read`
 * (by the client).
 */
export const ZChatMessage = z.object({
  id: z.string(),
  seq: z.number(),
  author: z.enum(['client', 'staff']),
  /** The agent's display name on a staff message; null on the client's. */
  agent_name: z.string().nullable(),
  text: z.string(),
  image_url: z.string().nullable(),
  status: z.enum(['sent', 'delivered', 'read']),
  created_at: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZOfficeHours = z.object({
  /** ISO weekdays the desk answers, 1 = Monday … 7 = Sunday. */
  days: z.array(z.number().int().min(1).max(7)).max(7),
  /** IST, 'HH:MM'. */
  open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
  close: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
});

/** Firm setting `chat` (console → Settings). */
export const ZChatSettings = z.object({
  office_hours: ZOfficeHours,
  /** What the widget promises: "We usually reply within N minutes". */
  reply_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /**
   * An external chat script (https) the widget loads instead of the built-in chat; the
   * profile's `service` (settings `chat_service`) is handed to it as `data-project`.
   */
  script_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https:\/\/\S+$/, 'The chat script must be an https:// address')
    .nullable(),
});
export type TChatSettings = z.infer<typeof ZChatSettings>;

export const ZChatConversation = z.object({
  status: z.enum(['none', 'open', 'closed']),
  /** The assigned agent's name, or null. */
  agent_name: z.string().nullable(),
  /** Staff messages the client has not read. */
  unread: z.number(),
  office_hours: ZOfficeHours,
  open_now: z.boolean(),
  reply_minutes: z.number(),
  service: z.string(),
  script_url: z.string().nullable(),
});
export type TChatConversation = z.infer<typeof ZChatConversation>;

export const ZChatHistory = z.object({
  conversation: ZChatConversation,
  items: z.array(ZChatMessage),
  /** Pass as `before` for the previous page; null at the start of the conversation. */
  next_before: z.number().nullable(),
});
export type TChatHistory = z.infer<typeof ZChatHistory>;

export const ZChatSendReply = z.object({ message: ZChatMessage, duplicate: z.boolean() });
export const ZChatReadReply = z.object({ read_seq: z.number(), unread: z.number() });

/**
 * Frames on the WebSocket (the quotes socket for clients, `/ws/console/v1` for staff):
 * `{ type: 'chat', event, ... }`.
 */
export type TChatFrame =
  | {
      type: 'chat';
      event: 'message';
      conversation_id: string;
      client_id: string;
      message: TChatMessage;
    }
  | {
      type: 'chat';
      event: 'read';
      conversation_id: string;
      client_id: string;
      by: 'client' | 'staff';
      seq: number;
    }
  | { type: 'chat'; event: 'delivered'; conversation_id: string; client_id: string; seq: number }
  | {
      type: 'chat';
      event: 'typing';
      conversation_id: string;
      client_id: string;
      by: 'client' | 'staff';
      agent_name: string | null;
    }
  | {
      type: 'chat';
      event: 'conversation';
      conversation_id: string;
      client_id: string;
      status: 'open' | 'closed';
      assignee_id: string | null;
    };

// ---------- Console ----------

export const ZInboxFilter = z.enum(['open', 'mine', 'unassigned', 'closed']);
export type TInboxFilter = z.infer<typeof ZInboxFilter>;

export const ZInboxQuery = z.object({
  filter: ZInboxFilter.default('open'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZInboxConversation = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  client_uid: z.string(),
  status: z.enum(['open', 'closed']),
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  /** Client messages no agent has read. */
  unread: z.number(),
  /** Since when the client's oldest unanswered message waits; null when answered. */
  waiting_since: z.string().nullable(),
  last_message_at: z.string(),
  last_text: z.string(),
});
export type TInboxConversation = z.infer<typeof ZInboxConversation>;

export const ZInboxCounts = z.object({
  open: z.number(),
  mine: z.number(),
  unassigned: z.number(),
  closed: z.number(),
  /** Conversations with client messages no agent has read. */
  unread_conversations: z.number(),
});

export const ZClientContext = z.object({
  client_id: z.string(),
  name: z.string().nullable(),
  uid: z.string(),
  mobile: z.string(),
  vip: z.number(),
  kyc_status: z.string(),
  advisor_name: z.string().nullable(),
  /** Loans applied for, approved or running (the credit module). */
  open_applications: z.array(
    z.object({
      id: z.string(),
      product: z.string(),
      status: z.string(),
      amount_paise: z.number().int(),
      created_at: z.string(),
    }),
  ),
  recent_orders: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      side: z.string(),
      status: z.string(),
      quantity: z.number().int(),
      created_at: z.string(),
    }),
  ),
  /** Deposits and withdrawals, newest first. */
  recent_funds: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['deposit', 'withdrawal']),
      status: z.string(),
      amount_paise: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type TClientContext = z.infer<typeof ZClientContext>;

export const ZInboxThread = z.object({
  conversation: ZInboxConversation,
  items: z.array(ZChatMessage),
  next_before: z.number().nullable(),
  /** The client's read mark: staff messages up to it are read. */
  client_read_seq: z.number(),
});
export type TInboxThread = z.infer<typeof ZInboxThread>;

export const ZStaffChatSend = z.object({
  id: messageId,
  text: text.refine((s) => s.length > 0, { error: SM.textRequired }),
  /** The canned reply the text started from, for the audit trail. */
  canned_reply_id: z.uuid().nullable().optional(),
});

export const ZAssignRequest = z.object({ assignee_id: z.uuid().nullable() });

export const ZCannedReply = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type TCannedReply = z.infer<typeof ZCannedReply>;
export const ZCannedReplyInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(80),
  text: z.string().trim().min(1, 'Text is required').max(CHAT_TEXT_MAX, SM.textTooLong),
});
