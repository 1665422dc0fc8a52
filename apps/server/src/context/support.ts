/** The support inbox and its live chat, beside a client's loans, orders and funds. */
import { OPEN_LOAN_STATUSES } from '@sampada/shared';
import { createSupportLive, createSupportService } from '../modules/support/service.ts';
import { STAFF_SIGNED_IN_CHANGED_CHANNEL } from '../modules/staff-auth/staff-session-cache.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { MarketsWiring } from './markets.ts';
import type { OfficeWiring } from './office.ts';

type SupportContext = Parameters<typeof createSupportService>[0]['context'];

/** The support inbox shows a client's loans, orders and funds beside the thread. */
function supportContext({ credit, trading, funds }: MarketsWiring): SupportContext {
  return {
    async applications(clientId) {
      const loans = await credit.loans.listOfClient(clientId);
      return loans
        .filter((l) => (OPEN_LOAN_STATUSES as readonly string[]).includes(l.status))
        .map((l) => ({
          id: l.id,
          product: l.product.name,
          status: l.status,
          amount_paise: l.amount_paise,
          created_at: l.created_at,
        }));
    },
    async orders(clientId) {
      const page = await trading.orders.list({ clientId, limit: 5, order: 'newest' });
      return page.items.map((o) => ({
        id: o.id,
        symbol: o.symbol,
        side: o.side,
        status: o.status,
        quantity: o.quantity,
        created_at: o.createdAt.toISOString(),
      }));
    },
    async funds(clientId) {
      const [deposits, withdrawals] = await Promise.all([
        funds.deposits.listOfClient(clientId, { limit: 5 }, ''),
        funds.withdrawals.listOfClient(clientId, { limit: 5 }),
      ]);
      return [
        ...deposits.map((d) => ({ ...d.view, kind: 'deposit' as const })),
        ...withdrawals.map((w) => ({ ...w.view, kind: 'withdrawal' as const })),
      ]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, 5)
        .map((f) => ({
          id: f.id,
          kind: f.kind,
          status: f.status,
          amount_paise: f.amount_paise,
          created_at: f.created_at,
        }));
    },
  };
}

export function wireSupport(
  { db, clock, bus }: Foundation,
  { clients, staff, uploads, settings }: ClientsWiring,
  { staffAuth }: OfficeWiring,
  markets: MarketsWiring,
) {
  const { market } = markets;
  const support = createSupportService({
    db,
    clock,
    bus,
    clients,
    staff,
    uploads,
    settings,
    context: supportContext(markets),
  });
  // Chat events reach clients on the quotes socket and agents on the console socket.
  const supportLive = createSupportLive({
    events: support.events,
    staffAuth,
    pushToClient: (clientId, message) => market.live.pushToClient(clientId, message),
    onStaffSessionsChanged: (listener) => bus.subscribe(STAFF_SIGNED_IN_CHANGED_CHANNEL, listener),
    staffName: async (staffId) => (await staff.findById(staffId))?.name ?? 'Support',
    staffTyping: (viewer, name, conversationId) =>
      support.inbox.typing(viewer, name, conversationId),
  });
  market.live.onClientFrame((clientId, frame) => {
    if (frame.type === 'chat.typing') void support.clientTyping(clientId).catch(() => {});
  });
  return { support, supportLive };
}
