/** The people around a conversation: the client beside the thread, the agents who may take it. */
import { mayAccess, type TClientContext, type TStaffRole } from '@sampada/shared';
import type { Viewer } from '../../platform/viewer.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { visible } from './inbox-visibility.ts';

/** The client beside the thread: identity, KYC, VIP, open loans, recent orders and funds. */
export async function clientContext(
  deps: InboxDeps,
  viewer: Viewer,
  id: string,
): Promise<TClientContext> {
  const { clients, staff } = deps;
  const c = await visible(deps, viewer, id);
  const client = await clients.byId(c.clientId);
  const advisor = client.advisorId
    ? (await staff.namesOf([client.advisorId])).get(client.advisorId)
    : undefined;
  const [applications, orders, funds] = await Promise.all([
    deps.context.applications(c.clientId),
    deps.context.orders(c.clientId),
    deps.context.funds(c.clientId),
  ]);
  return {
    client_id: client.id,
    name: client.name,
    uid: client.uid,
    mobile: client.mobile,
    vip: client.vip,
    kyc_status: client.kycStatus,
    advisor_name: advisor?.name ?? null,
    open_applications: applications,
    recent_orders: orders,
    recent_funds: funds,
  };
}

/** Who may be assigned: active support agents and admins. */
export async function assignableAgents({ staff }: Pick<InboxDeps, 'staff'>) {
  const all = await staff.listStaff();
  return all
    .filter(
      (s) =>
        s.active &&
        mayAccess(s.roles as TStaffRole[], 'everyClient') &&
        mayAccess(s.roles as TStaffRole[], 'supportChat'),
    )
    .map((s) => ({ id: s.id, name: s.name, email: s.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
