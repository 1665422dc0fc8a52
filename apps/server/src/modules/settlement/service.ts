/**
 * Running-account settlement (issue 36, decision 045): on each settlement date the firm pays
 * each client's idle credit balance to their primary bank account, keeping what open orders
 * and obligations need (retention.ts), with maker-checker on the batch: one officer prepares
 * a date's batch (prepare.ts), a different one approves it and the payouts post through the
 * funds module's withdrawal path (decide.ts, pay.ts); the client is e-mailed and reads a
 * retention statement in the app. The leader's job prepares each date's batch after the close
 * (job.ts, decision 052); an officer still approves it.
 */
import { SETTLEMENT_MSG as SM } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { assertDecider } from '../../platform/maker-checker.ts';
import { conflict } from '../../platform/errors.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { EmailService } from '../email/service.ts';
import type { FundsService } from '../funds/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { MailService } from '../mail/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { TradingService } from '../trading/service.ts';
import { cyclesDueOn, lastSettlementDate, nextSettlementDate } from './dates.ts';
import { createDecisions } from './decide.ts';
import { createSettlementJob } from './job.ts';
import { createMoneyBreakdown } from './money-breakdown.ts';
import type { LoanDuesOf } from './obligations.ts';
import { createPayLine } from './pay.ts';
import { createPreferences } from './preferences.ts';
import { createPrepare } from './prepare.ts';
import { createReads } from './reads.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  funds: FundsService;
  trading: Pick<TradingService, 'obligations'>;
  clients: Pick<ClientService, 'refsOf'>;
  staff: Pick<StaffService, 'namesOf' | 'findById'>;
  email: Pick<EmailService, 'verifiedAddressOf'>;
  mail: Pick<MailService, 'enqueue'>;
  /** The exchange calendar's trading days (the market module's calendar). */
  isTradingDay: (day: string) => boolean;
  /** The credit module's dues now of a client's loans (wired in context.ts). */
  loanDuesOf: LoanDuesOf;
  events?: TransitionEvents | undefined;
};

export function createSettlementService(deps: Deps) {
  const { db, clock, ledger, funds, isTradingDay } = deps;
  const readers = { trading: deps.trading, funds, loanDuesOf: deps.loanDuesOf };
  const prepare = createPrepare({ db, clock, ledger, readers, isTradingDay });
  const payLine = createPayLine({ ...deps, readers });
  const decisions = createDecisions({ db, clock, payLine, events: deps.events });
  const reads = createReads({ db, clients: deps.clients, staff: deps.staff, funds });
  const job = createSettlementJob({ db, clock, isTradingDay, prepare });

  /** Operations (or admin) only, whether from the console or the CLI's --as. */
  async function officer(staffId: string) {
    assertDecider(await deps.staff.findById(staffId), 'settlementDecide', SM.mayNotDecide);
  }

  async function batch(id: string) {
    return reads.batch(id, await decisions.batchRow(id));
  }

  return {
    preferences: createPreferences({ db, clock, isTradingDay }),
    statementsOf: reads.statementsOf,
    /** Client Assets' "where is my money": the parts of the balance, the payout now. */
    moneyBreakdown: createMoneyBreakdown({
      db,
      clock,
      ledger,
      readers,
      deposits: funds.deposits,
      trading: deps.trading,
      isTradingDay,
    }),
    list: reads.list,
    countWaiting: reads.countWaiting,
    batch,
    /** Which cycles settle on a day, and the next dates of each. */
    dates: {
      cyclesDueOn: (day: string) => cyclesDueOn(day, isTradingDay),
      next: (day: string, cycle: 'quarterly' | 'monthly') =>
        nextSettlementDate(day, cycle, isTradingDay),
      last: (day: string, cycle: 'quarterly' | 'monthly') =>
        lastSettlementDate(day, cycle, isTradingDay),
    },

    /** The leader's job: today's batch once the market has closed on a settlement date. */
    runDue: job.runDue,
    startJobs: job.startJobs,

    async prepare(date: string, staffId: string, actor: Actor) {
      await officer(staffId);
      return batch(await prepare(date, staffId, actor));
    },
    /**
     * The batch prepared by no officer, as the leader's job prepares it (`settlement run
     * --date D` without `--as`): it then waits for one officer's approval.
     */
    async prepareUnattended(date: string, actor: Actor) {
      return batch(await prepare(date, null, actor));
    },
    async approve(id: string, staffId: string, actor: Actor) {
      await officer(staffId);
      await decisions.approve(id, staffId, actor);
      return batch(id);
    },
    async reject(id: string, staffId: string, reason: string, actor: Actor) {
      await officer(staffId);
      await decisions.reject(id, staffId, reason, actor);
      return batch(id);
    },
    /** Finishes an approved batch whose payouts stopped part-way; pays only what is pending. */
    async resume(id: string, actor: Actor) {
      await decisions.resume(id, actor);
      return batch(id);
    },
    /**
     * The console's resume: an officer finishes a batch the checker already approved (nothing
     * new is approved, so any officer may); any other status is a 409 that says which it is.
     */
    async resumeByOfficer(id: string, staffId: string, actor: Actor) {
      await officer(staffId);
      const row = await decisions.batchRow(id);
      if (row.status !== 'approved') throw conflict(SM.notResumable(row.status));
      await decisions.resume(id, actor);
      return batch(id);
    },
    /** The live (not rejected) batch of a date, if any: the CLI's re-run finds it. */
    async liveBatchOn(date: string) {
      const rows = await reads.list();
      const live = rows.find((r) => r.date === date && r.status !== 'rejected');
      return live ? batch(live.id) : null;
    },
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
