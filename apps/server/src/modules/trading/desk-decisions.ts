/**
 * The desk's decisions on what waits for it: an institutional request is allocated (in full,
 * in part or not at all), an OTC take is confirmed inside its quote's validity, and either
 * may be rejected with a reason. Each decision locks the awaiting order, fills or releases
 * it through execution (which audits it under the decision's name) in one transaction.
 */
import { type TChargeSchedule, TM } from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import type { ClientService } from '../clients/service.ts';
import { allocateFrom } from './allocations.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution, OrderAudit, OrderRow } from './execution.ts';
import { type DeskOptions, lockOrder } from './orders.ts';

type Deps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  execution: Execution;
  charges: ChargeSchedule;
};

export function createDeskDecisions(deps: Deps) {
  const { db, clock, clients, execution, charges } = deps;

  /**
   * One desk decision in one transaction: lock the awaiting order, apply, and answer what
   * `present` makes of the result (read in the same transaction, so that an idempotent
   * replay answers the same).
   */
  async function decide<V>(
    orderId: string,
    options: DeskOptions<V>,
    types: string | string[],
    apply: (
      tx: Tx,
      order: OrderRow,
      schedule: TChargeSchedule,
      audit: (action: string, extra?: object) => OrderAudit,
    ) => Promise<OrderRow>,
  ): Promise<V> {
    const schedule = await charges.current();
    const transaction = options.transaction ?? plainTransaction(db);
    return transaction(async (tx) => {
      const order = await awaitingOf(tx, orderId, types);
      const row = await apply(tx, order, schedule, (action, extra) => ({
        actor: options.actor,
        action,
        extra,
      }));
      return options.present(row, tx);
    });
  }

  async function awaitingOf(tx: Tx, orderId: string, types: string | string[]): Promise<OrderRow> {
    const row = await lockOrder(tx, orderId);
    if (!row) throw notFound(TM.orderNotFound);
    if (!([] as string[]).concat(types).includes(row.type)) throw badRequest(TM.wrongDesk);
    if (row.status !== 'awaiting') throw conflict(TM.notAwaiting(row.status));
    return row;
  }

  async function fillAll(
    tx: Tx,
    order: OrderRow,
    quantity: number,
    schedule: TChargeSchedule,
    audit: OrderAudit,
  ) {
    const { order: row } = await execution.fill(tx, order, {
      quantity,
      pricePaise: order.pricePaise!,
      final: true,
      schedule,
      audit,
    });
    await clients.countTrade(tx, row.clientId);
    return row;
  }

  return {
    /** Institutional: allocate `quantity` (0 = none) of what the client asked for. */
    allocate<V>(orderId: string, quantity: number, options: DeskOptions<V>): Promise<V> {
      return decide(orderId, options, 'institutional', async (tx, order, schedule, audit) => {
        if (quantity > order.quantity) throw badRequest(TM.allocateTooMuch);
        if (quantity === 0)
          return execution.release(
            tx,
            order,
            'rejected',
            'Not allocated',
            audit('allocate', { allocated: 0 }),
          );
        if (!(await allocateFrom(tx, order.offeringId!, quantity)))
          throw badRequest(TM.allocateTooMuch);
        return fillAll(tx, order, quantity, schedule, audit('allocate', { allocated: quantity }));
      });
    },

    /** OTC: confirm a take inside the quote's validity. */
    confirm<V>(orderId: string, options: DeskOptions<V>): Promise<V> {
      return decide(orderId, options, 'otc', async (tx, order, schedule, audit) => {
        if (order.validUntil && order.validUntil <= clock.now())
          throw conflict(TM.notAwaiting('expired'));
        return fillAll(tx, order, order.quantity, schedule, audit('confirm'));
      });
    },

    /** Institutional or OTC: reject with a reason; everything held returns. */
    reject<V>(orderId: string, reason: string, options: DeskOptions<V>): Promise<V> {
      return decide(orderId, options, ['institutional', 'otc'], (tx, order, _schedule, audit) =>
        execution.release(tx, order, 'rejected', reason, audit('reject', { reason })),
      );
    },
  };
}
export type DeskDecisions = ReturnType<typeof createDeskDecisions>;
