/**
 * Orders against what operations publish: an institutional request for an allocation, a take
 * of an OTC quote and an IPO bid. Each holds its cash (or, selling to a quote, reserves the
 * shares) in the transaction that writes it.
 */
import { randomUUID } from 'node:crypto';
import { MIN_TRADE_PAISE, type TChargeSchedule, TM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { ClientRow } from '../clients/service.ts';
import { allocationById } from './allocations.ts';
import { ipoById } from './ipos.ts';
import { buyHold, holdCash, reserveShares } from './order-holds.ts';
import { insertOrder, type OrderInput } from './orders.ts';
import { quoteById, takeFromQuote } from './otc-quotes.ts';
import type { PlacementDeps } from './placement-deps.ts';
import { allocationOpen, ipoStatus, lotLimits, quoteOpen } from './views.ts';

export async function placeInstitutional(
  deps: PlacementDeps,
  tx: Tx,
  client: ClientRow,
  input: Extract<OrderInput, { type: 'institutional' }>,
  schedule: TChargeSchedule,
) {
  const { clock } = deps;
  const offer = await allocationById(tx, input.offering_id);
  if (!offer) throw notFound(TM.offeringNotFound);
  if (!allocationOpen(offer, clock.now())) throw badRequest(TM.offeringClosed);
  if (input.quantity > offer.quantity - offer.allocated) throw badRequest(TM.beyondOffering);
  const value = offer.pricePaise * BigInt(input.quantity);
  if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
  const id = randomUUID();
  const hold = buyHold(schedule, offer.pricePaise, value);
  await holdCash(deps.ledger, tx, {
    clientId: client.id,
    orderId: id,
    amount: hold,
    memo: `Institutional request for ${input.quantity} ${offer.symbol}: amount on hold`,
  });
  return insertOrder(tx, {
    id,
    clientId: client.id,
    type: 'institutional',
    side: 'buy',
    symbol: offer.symbol,
    quantity: input.quantity,
    pricePaise: offer.pricePaise,
    holdPaise: hold,
    offeringId: offer.id,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
}

export async function placeOtc(
  deps: PlacementDeps,
  tx: Tx,
  client: ClientRow,
  input: Extract<OrderInput, { type: 'otc' }>,
  schedule: TChargeSchedule,
) {
  const { clock } = deps;
  const quote = await quoteById(tx, input.offering_id);
  if (!quote) throw notFound(TM.offeringNotFound);
  if (!quoteOpen(quote, clock.now())) throw badRequest(TM.offeringClosed);
  const value = quote.pricePaise * BigInt(input.quantity);
  if (value < MIN_TRADE_PAISE) throw badRequest(TM.belowMinimum);
  // The take: never more than remains, however many clients take at once.
  if (!(await takeFromQuote(tx, quote.id, input.quantity))) throw badRequest(TM.beyondOffering);
  const id = randomUUID();
  let hold = 0n;
  if (quote.side === 'buy') {
    hold = buyHold(schedule, quote.pricePaise, value);
    await holdCash(deps.ledger, tx, {
      clientId: client.id,
      orderId: id,
      amount: hold,
      memo: `OTC take of ${input.quantity} ${quote.symbol}: amount on hold`,
    });
  } else await reserveShares(clock, tx, client.id, quote.symbol, input.quantity);
  return insertOrder(tx, {
    id,
    clientId: client.id,
    type: 'otc',
    side: quote.side,
    symbol: quote.symbol,
    quantity: input.quantity,
    pricePaise: quote.pricePaise,
    holdPaise: hold,
    offeringId: quote.id,
    validUntil: quote.validUntil,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
}

export async function placeIpo(
  deps: PlacementDeps,
  tx: Tx,
  client: ClientRow,
  input: Extract<OrderInput, { type: 'ipo' }>,
) {
  const { clock } = deps;
  const issue = await ipoById(tx, input.offering_id);
  if (!issue) throw notFound(TM.offeringNotFound);
  if (ipoStatus(issue, istDateOf(clock.now())) !== 'open') throw badRequest(TM.ipoNotOpen);
  const { lotValue, minLots, maxLots } = lotLimits(issue);
  if (input.lots > maxLots) throw badRequest(TM.aboveRetailCap);
  if (input.lots < minLots) throw badRequest(TM.belowMinimum);
  const id = randomUUID();
  const hold = lotValue * BigInt(input.lots);
  await holdCash(deps.ledger, tx, {
    clientId: client.id,
    orderId: id,
    amount: hold,
    memo: `IPO bid for ${input.lots} lots of ${issue.symbol}: amount blocked`,
  });
  try {
    // A savepoint, so that a second application fails cleanly inside the caller's transaction.
    return await tx.transaction((inner) =>
      insertOrder(inner as unknown as Tx, {
        id,
        clientId: client.id,
        type: 'ipo',
        side: 'buy',
        symbol: issue.symbol,
        quantity: input.lots * issue.lotSize,
        pricePaise: issue.priceHighPaise,
        holdPaise: hold,
        offeringId: issue.id,
        lots: input.lots,
        lotSize: issue.lotSize,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'orders_one_ipo_application')) throw badRequest(TM.alreadyApplied);
    throw error;
  }
}
