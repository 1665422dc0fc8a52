import {
  addIstDays,
  istToday,
  type TConsoleGrievance,
  type TNoteDeliveryRun,
  type TOutbox,
  type TOutboxMessage,
} from '@sampada/shared';

export const message = (overrides: Partial<TOutboxMessage> = {}): TOutboxMessage => ({
  id: '5e6f7081-92a3-4c4d-9e5f-60718293a4b5',
  purpose: 'contract_note',
  to: 'kavya@client.test',
  subject: 'Contract note for 2026-11-06',
  status: 'sent',
  attempts: 1,
  next_attempt_at: '2026-11-06T10:35:00.000Z',
  last_error: null,
  attachments: ['contract-note-2026-11-06.pdf'],
  created_at: '2026-11-06T10:30:00.000Z',
  sent_at: '2026-11-06T10:31:00.000Z',
  overdue: false,
  ...overrides,
});

export const FAILED_ID = '6f708192-a3b4-4d5e-8f60-718293a4b5c6';

export const outbox = (items: TOutboxMessage[]): TOutbox => ({
  counts: { queued: 0, sending: 0, sent: 1, failed: 1 },
  transport: 'smtp',
  items,
});

export const failedMessage = () =>
  message({
    id: FAILED_ID,
    purpose: 'email.verify',
    to: 'ravi@client.test',
    subject: '123456 is your Sampada e-mail verification code',
    status: 'failed',
    attempts: 7,
    last_error: '550 5.1.1 Mailbox unavailable',
    attachments: [],
    created_at: '2026-11-04T04:30:00.000Z',
    sent_at: null,
    overdue: true,
  });

type TRunItem = TNoteDeliveryRun['items'][number];

export const runItem = (overrides: Partial<TRunItem> = {}): TRunItem => ({
  client_id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  client_uid: '100001',
  client_name: 'Kavya Iyer',
  mail_id: '5e6f7081-92a3-4c4d-9e5f-60718293a4b5',
  to: 'kavya@client.test',
  notes: 2,
  skipped_reason: null,
  status: 'sent',
  attempts: 2,
  last_error: null,
  sent_at: '2026-11-06T10:31:00.000Z',
  overdue: false,
  ...overrides,
});

export const noteRun = (date: string, items: TRunItem[]): TNoteDeliveryRun => ({
  date,
  counts: {
    sent: items.filter((i) => i.status === 'sent').length,
    queued: items.filter((i) => i.status === 'queued' || i.status === 'sending').length,
    failed: items.filter((i) => i.status === 'failed').length,
    skipped: items.filter((i) => i.status === 'skipped').length,
    retried: items.filter((i) => i.attempts > 1).length,
  },
  items,
});

/** A complaint filed `daysAgo` IST days before today (due 21 days after filing). */
export const grievance = (
  daysAgo: number,
  overrides: Partial<TConsoleGrievance> = {},
): TConsoleGrievance => {
  const filedDay = addIstDays(istToday(), -daysAgo);
  return {
    id: '7081a2b3-c4d5-4e6f-8a7b-8c9d0e1f2a3b',
    reference: 'GRV-000042',
    kind: 'complaint',
    category: 'contract_note',
    subject: 'No contract note for my trade',
    description: 'I bought 10 INFY on Monday and got no contract note.',
    status: 'open',
    // 10:30 IST on the day filed.
    filed_at: `${filedDay}T05:00:00.000Z`,
    due_date: addIstDays(filedDay, 21),
    overdue: daysAgo > 21,
    resolution: null,
    resolved_at: null,
    client_id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    client_uid: '100001',
    client_name: 'Kavya Iyer',
    ...overrides,
  };
};
