/**
 * Statements (issue 36, decision 039): the client's statement of securities on demand, and a
 * period's statements (a month, or a quarter for running-account settlement) by e-mail, run by
 * `sampada statements run --period 2026-11` and by the leader's job on the first days of a
 * month.
 */
import { badRequest } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { accountNumber } from '../clients/service.ts';
import { fundsStatement } from './funds-statement.ts';
import type { HoldingsStatementData } from './holdings-statement.ts';
import { mailPeriodStatements, type StatementDeps } from './mail-period.ts';
import { parsePeriod, previousMonth, previousQuarter } from './periods.ts';

export const PERIOD_INVALID = 'Give the period as YYYY-MM (a month) or YYYY-Qn (a quarter).';

export function createStatementsService(deps: StatementDeps) {
  const { clock } = deps;

  async function mailPeriod(name: string) {
    const period = parsePeriod(name);
    if (!period) throw badRequest(PERIOD_INVALID);
    if (period.to >= istDateOf(clock.now()))
      throw badRequest(`The period ${name} is not over yet (IST).`);
    return mailPeriodStatements(deps, period);
  }

  /** Last month's statements, and last quarter's in the quarter's first month; idempotent. */
  async function runDue() {
    const today = istDateOf(clock.now());
    await mailPeriod(previousMonth(today));
    if ([1, 4, 7, 10].includes(Number(today.slice(5, 7)))) await mailPeriod(previousQuarter(today));
  }

  return {
    mailPeriod,
    runDue,

    /** The statement of funds of `from`..`to` (IST days) as the client downloads it. */
    funds: (clientId: string, from: string, to: string) =>
      fundsStatement(deps, clientId, { from, to }, clock.now()),

    async holdings(clientId: string): Promise<HoldingsStatementData> {
      const client = await deps.clients.byId(clientId);
      return {
        client: { name: client.name ?? '', uid: client.uid, account: accountNumber(client.uid) },
        asAt: clock.now(),
        holdings: await deps.trading.portfolio.holdingsOf(clientId),
      };
    },

    startJobs(everyMs: number, log: (message: string, error: unknown) => void) {
      let running: Promise<void> | null = null;
      const tick = () => {
        running ??= runDue()
          .catch((error: unknown) => log('statement mailing failed', error))
          .finally(() => {
            running = null;
          });
      };
      tick();
      const timer = setInterval(tick, everyMs);
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
export {
  holdingsFileName,
  holdingsStatementCsv,
  holdingsStatementPdf,
} from './holdings-statement.ts';
