/**
 * The client's side of running-account settlement (docs/api-duties.md): their cycle
 * (quarterly or monthly), their retention statements and where their money is now — only
 * their own, by their token.
 */
import type { FastifyInstance } from 'fastify';
import {
  SETTLEMENT_MSG as SM,
  ZMoneyBreakdown,
  ZRetentionStatements,
  ZSettlementPreference,
  ZSettlementPreferenceRequest,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function settlementRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { settlement } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['settlement'] });

    kit.query(
      'GET',
      '/funds/app/v1/settlement/preference',
      { response: ZSettlementPreference },
      async (request) => settlement.preferences.of(clientOf(request).clientId),
    );

    kit.query(
      'PUT',
      '/funds/app/v1/settlement/preference',
      {
        perMinute: 20,
        body: ZSettlementPreferenceRequest,
        response: ZSettlementPreference,
        message: SM.cycleSaved,
      },
      async (request) =>
        settlement.preferences.set(
          clientOf(request).clientId,
          request.body.cycle,
          kit.actorOf(request),
        ),
    );

    kit.query(
      'GET',
      '/funds/app/v1/settlement/statements',
      { response: ZRetentionStatements },
      async (request) => ({ items: await settlement.statementsOf(clientOf(request).clientId) }),
    );

    // Where is my money (decision 047): the parts add up to the ledger's cash balance.
    kit.query(
      'GET',
      '/funds/app/v1/money-breakdown',
      { response: ZMoneyBreakdown },
      async (request) => settlement.moneyBreakdown(clientOf(request).clientId),
    );
  };
}
