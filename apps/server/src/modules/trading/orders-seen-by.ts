import { forbidden } from '../../platform/errors.ts';
import { assertSees, type Viewer, viewerMay } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { OrderListQuery } from './list-orders.ts';
import type { OrderReads } from './orders.ts';

/**
 * The console's order list as the viewer may read it: the desk (operations, admin) every
 * order; support and advisors one client's, and an advisor only their own client's.
 */
export async function ordersSeenBy(
  deps: { clients: ClientService; orders: Pick<OrderReads, 'list'> },
  viewer: Viewer,
  query: OrderListQuery,
) {
  if (!viewerMay(viewer, 'trading')) {
    if (!query.clientId) throw forbidden('Your role does not allow this.');
    assertSees(viewer, (await deps.clients.byId(query.clientId)).advisorId);
  }
  return deps.orders.list(query);
}
