/**
 * Engagement (issue 18, docs/api-engagement.md, decision 019): VIP levels, the trust score,
 * achievements and the client radar, computed from what the other modules record. It reads
 * them through ports (facts.ts) that context.ts wires, so no module imports this one: trading
 * asks for a client's brokerage discount and funds for a daily withdrawal limit through
 * functions the composition root hands them.
 *
 * `recompute(clientId)` is the one writer: today's closing assets, the 30-day average and the
 * level, the score and its parts, achievements newly reached (once each, by primary key),
 * then `clients.vip`/`clients.score` so `client_info` stays one row read. It runs on the
 * events that change its inputs (deposits, withdrawals, fills, KYC, loans, IPO bids) and on
 * the leader's nightly pass for what time alone changes (account age, the 30-day window).
 * It is a background projection (decision 019, addendum): a client's events that arrive
 * before their computation starts share it, and few clients are computed at once, so a burst
 * of money events makes the standing lag a moment instead of crowding out the money requests.
 */
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  type TAchievement,
  type TConsoleEngagement,
  type TRadar,
  type TScore,
  type TScorePart,
  type TVip,
  type TVipTier,
  VIP_AVERAGE_DAYS,
  daysInMs,
  istMinuteOfDay,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { createCoalescingQueue } from '../../platform/coalescing-queue.ts';
import { istDateOf } from '../../platform/ist.ts';
import { type TransitionEvent, transitionChannel } from '../../platform/transitions.ts';
import { assertActsFor, assertSees, type Viewer } from '../../platform/viewer.ts';
import { ORDER_PLACED_CHANNEL } from '../trading/service.ts';
import { progressOf } from './achievements.ts';
import type { ClientFacts, DailyClose, EngagementPorts } from './facts.ts';
import { RADAR_VOLATILITY_DAYS, radarOf } from './radar.ts';
import { scoreOf, scoreParts } from './score.ts';
import {
  achievementsEarned,
  assetSnapshots,
  engagementDue,
  engagementStatus,
  scoreAdjustments,
  scoreHistory,
  vipTiers,
} from './tables.ts';
import { averageAssets, tierFor, totalAssets } from './vip.ts';

/** Where newly earned achievements are announced: `{ clientId, codes }`. */
export const ACHIEVEMENT_CHANNEL = 'engagement:achievements';

/** The lifecycles whose steps change a client's standing (their events carry `clientId`). */
const WATCHED = ['deposit', 'withdrawal', 'order', 'kyc', 'loan'] as const;

const STAFF_POINTS_CAP = 20;

/**
 * At most this many clients are computed at once on one instance. A computation is ~21
 * statements holding one pooled connection at a time (trading's activity reads three at once)
 * and the pool has 10: two leave the money requests most of it, so a burst of events makes
 * engagement lag behind rather than take the connections and the CPU the requests need. Two
 * rather than one, so that one slow client (years of fills) does not hold up everyone else.
 */
export const RECOMPUTE_CONCURRENCY = 2;

/**
 * How long an event's computation gathers the client's later events before it starts (decision
 * 034): a console officer confirming a client's deposits one after another, or a burst of
 * fills, costs one computation instead of one each, even on an idle server.
 */
export const RECOMPUTE_GATHER_MS = 250;

/**
 * Every instance looks this often for clients marked stale (engagement_due) whose mark no
 * computation has cleared for STALE_AFTER_MS: a crash between a commit and its computation, a
 * bus message lost. Their events normally clear them within a second.
 */
const SWEEP_EVERY_MS = 5_000;
const STALE_AFTER_MS = 10_000;

/** The longest score-history reason a merged computation writes (its events' reasons). */
const MERGED_REASON_MAX = 200;

/**
 * The history's reason for a computation that served several events: their distinct reasons
 * in the order they arrived ("Deposit confirmed; Order filled"), the first always whole, the
 * rest while they fit, then how many more. One event (or many of one kind) reads as before.
 */
export function mergedReason(reasons: readonly string[]): string {
  let text = reasons[0] ?? 'Recomputed';
  let i = 1;
  for (; i < reasons.length; i++) {
    const rest = reasons.length - i - 1;
    const tail = rest ? `; +${rest} more` : '';
    if (text.length + 2 + reasons[i]!.length + tail.length > MERGED_REASON_MAX) break;
    text += `; ${reasons[i]}`;
  }
  return i < reasons.length ? `${text}; +${reasons.length - i} more` : text;
}

/** The history's words for what set a recomputation off: "Deposit confirmed", "Order filled". */
const SUBJECTS: Record<(typeof WATCHED)[number], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  order: 'Order',
  kyc: 'KYC',
  loan: 'Loan',
};
export const reasonOf = (name: (typeof WATCHED)[number], to: string) =>
  `${SUBJECTS[name]} ${to.replace(/_/g, ' ')}`;

const isWatched = (name: string): name is (typeof WATCHED)[number] =>
  (WATCHED as readonly string[]).includes(name);

/**
 * The durable mark a step leaves for engagement (decision 034): one engagement_due row per
 * client its watched events name, written by the step's own audit statement (transitions'
 * `record`), so it commits with the step. A client already marked is bumped (`asks`), keeping
 * its reasons (distinct, at most 20). Null when no event is one engagement watches.
 */
export function engagementDueSql(events: readonly TransitionEvent[]): SQL | null {
  const reasons = new Map<string, string>();
  for (const event of events) {
    const name = event.action.split('.')[0]!;
    if (event.clientId && isWatched(name) && !reasons.has(event.clientId))
      reasons.set(event.clientId, reasonOf(name, event.to));
  }
  if (reasons.size === 0) return null;
  return sql`insert into ${engagementDue} as d (client_id, reasons, asked_at)
    select u.client_id, array[u.reason], now()
    from unnest(${sql.param([...reasons.keys()])}::uuid[], ${sql.param([...reasons.values()])}::text[])
      as u(client_id, reason)
    on conflict (client_id) do update set asks = d.asks + 1, asked_at = excluded.asked_at,
      reasons = case when excluded.reasons[1] = any(d.reasons) or cardinality(d.reasons) >= 20
                     then d.reasons else d.reasons || excluded.reasons end`;
}

type Deps = {
  db: Db;
  clock: Clock;
  ports: EngagementPorts;
  bus?: Pick<Bus, 'publish' | 'subscribe'> | undefined;
  log?: (message: string, error: unknown) => void;
  /** True while the server's own requests need the database's connections. */
  busy?: () => boolean;
};

const tierView = (row: typeof vipTiers.$inferSelect): TVipTier => ({
  level: row.level,
  min_assets_paise: Number(row.minAssetsPaise),
  brokerage_discount_bps: row.brokerageDiscountBps,
  daily_withdrawal_limit_paise:
    row.dailyWithdrawalLimitPaise === null ? null : Number(row.dailyWithdrawalLimitPaise),
});

export function createEngagementService(deps: Deps) {
  const { db, clock, ports, bus } = deps;
  const log = deps.log ?? (() => {});

  async function tiers(executor: Executor = db): Promise<TVipTier[]> {
    const rows = await executor.select().from(vipTiers).orderBy(asc(vipTiers.level));
    return rows.map(tierView);
  }

  async function staffPoints(clientId: string) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${scoreAdjustments.points}), 0)::text` })
      .from(scoreAdjustments)
      .where(eq(scoreAdjustments.clientId, clientId));
    const total = Number(row?.total ?? 0);
    return Math.max(-STAFF_POINTS_CAP, Math.min(STAFF_POINTS_CAP, total));
  }

  async function factsOf(clientId: string): Promise<ClientFacts> {
    const today = istDateOf(clock.now());
    // One read after another, not all at once: eight reads in parallel would take eight of the
    // pool's ten connections per computation, and RECOMPUTE_CONCURRENCY bounds computations
    // in order to leave the connections to the money requests. It costs a few milliseconds.
    const client = await ports.client(clientId);
    const cash = await ports.cash(clientId);
    const owed = await ports.loansOwed(clientId);
    const holdings = await ports.holdings(clientId);
    const trades = await ports.trades(clientId);
    const deposits = await ports.deposits(clientId);
    const loans = await ports.loans(clientId, today);
    const staff = await staffPoints(clientId);
    return {
      createdAt: client.createdAt,
      kycApproved: client.kycApproved,
      cashPaise: cash,
      loansOwedPaise: owed,
      depositsConfirmed: deposits.confirmed,
      claimsRejected: deposits.rejected,
      holdings,
      fills: trades.fills,
      filledOrdersByType: trades.filledOrdersByType,
      ipoBids: trades.ipoBids,
      loansClosed: loans.closed,
      instalments: loans.instalments,
      staffPoints: staff,
    };
  }

  async function snapshotsOf(clientId: string, executor: Executor = db) {
    const since = istDateOf(new Date(clock.now().getTime() - daysInMs(VIP_AVERAGE_DAYS + 30)));
    const rows = await executor
      .select()
      .from(assetSnapshots)
      .where(and(eq(assetSnapshots.clientId, clientId), gte(assetSnapshots.day, since)))
      .orderBy(asc(assetSnapshots.day));
    return rows.map((r) => ({ day: r.day, assetsPaise: r.assetsPaise }));
  }

  async function computeNow(clientId: string, reason: string) {
    const now = clock.now();
    const today = istDateOf(now);
    const facts = await factsOf(clientId);
    const assets = totalAssets({
      cash: facts.cashPaise,
      holdings: facts.holdings.reduce((s, h) => s + h.valuePaise, 0n),
      loans: facts.loansOwedPaise,
    });
    const parts = scoreParts(facts, now);
    const score = scoreOf(parts);
    const result = await db.transaction(async (tx) => {
      // The client's status row, locked: two servers recomputing one client take turns.
      await tx
        .insert(engagementStatus)
        .values({ clientId, vip: 0, averageAssetsPaise: 0n, score: 0, parts: [], computedAt: now })
        .onConflictDoNothing();
      const [before] = await tx
        .select()
        .from(engagementStatus)
        .where(eq(engagementStatus.clientId, clientId))
        .for('update');
      await tx
        .insert(assetSnapshots)
        .values({ clientId, day: today, assetsPaise: assets, at: now })
        .onConflictDoUpdate({
          target: [assetSnapshots.clientId, assetSnapshots.day],
          set: { assetsPaise: assets, at: now },
        });
      const average = averageAssets(await snapshotsOf(clientId, tx), today);
      const tier = tierFor(await tiers(tx), average);
      await tx
        .update(engagementStatus)
        .set({ vip: tier.level, averageAssetsPaise: average, score, parts, computedAt: now })
        .where(eq(engagementStatus.clientId, clientId));
      const changed = before!.score !== score || (before!.parts as unknown[]).length === 0;
      if (changed) await tx.insert(scoreHistory).values({ clientId, score, reason, at: now });
      const reached = progressOf(facts, { now, vip: tier.level }).filter((a) => a.reached);
      const granted = reached.length
        ? await tx
            .insert(achievementsEarned)
            .values(reached.map((a) => ({ clientId, code: a.code, earnedAt: now })))
            .onConflictDoNothing()
            .returning({ code: achievementsEarned.code })
        : [];
      return { vip: tier.level, score, granted: granted.map((g) => g.code) };
    });
    await ports.store(clientId, { vip: result.vip, score: result.score });
    if (result.granted.length)
      bus?.publish(ACHIEVEMENT_CHANNEL, JSON.stringify({ clientId, codes: result.granted }));
    return result;
  }

  /**
   * The computations, per client and bounded (platform/coalescing-queue.ts): a client's
   * computations never overlap on this instance (the status row's lock covers instances),
   * events arriving before theirs starts share it, and a failure is logged here once.
   */
  /** The client's stale mark as a computation about to read the facts finds it (its `asks`). */
  async function dueMark(clientId: string) {
    const [row] = await db
      .select({ asks: engagementDue.asks })
      .from(engagementDue)
      .where(eq(engagementDue.clientId, clientId));
    return row?.asks ?? null;
  }

  /**
   * A computation, and then the client's stale mark cleared if no event touched it since the
   * computation began: an event committed before that is in the facts it read; one after has
   * bumped `asks`, so its mark stays for the computation its own event asks for.
   */
  async function computeAndClear(clientId: string, reason: string) {
    const seen = await dueMark(clientId);
    const result = await computeNow(clientId, reason);
    if (seen !== null)
      await db
        .delete(engagementDue)
        .where(and(eq(engagementDue.clientId, clientId), eq(engagementDue.asks, seen)));
    return result;
  }

  const computations = createCoalescingQueue({
    concurrency: RECOMPUTE_CONCURRENCY,
    gatherMs: RECOMPUTE_GATHER_MS,
    run: (clientId, reasons) => computeAndClear(clientId, mergedReason(reasons)),
    // Events' computations wait while the money requests need the pool (decision 019, add. 2).
    busy: deps.busy,
    onError: (clientId, error) => log(`engagement recompute of ${clientId} failed`, error),
  });

  /**
   * Recomputes one client's standing: the promise is of a computation that starts after this
   * call (so it reads what the caller just changed), shared with the client's other events
   * that arrive before it starts; one already running for the client is followed, not joined.
   */
  function recompute(
    clientId: string,
    reason = 'Recomputed',
    options: { background?: boolean } = {},
  ) {
    return computations.request(clientId, reason, options);
  }

  /**
   * Every client, one at a time (the nightly pass, and after the tiers change): it takes one
   * of the queue's slots, so the events' computations keep the others meanwhile.
   */
  async function recomputeAll(reason: string) {
    let done = 0;
    for (const id of await ports.allClientIds()) {
      try {
        await recompute(id, reason, { background: true });
        done++;
      } catch {
        // Logged by the queue; the pass goes on to the next client.
      }
    }
    return done;
  }

  /**
   * Computes the clients marked stale whose marks no computation has cleared: every mark when
   * `all` (an instance starting: what a crash left), else those untouched for STALE_AFTER_MS.
   * Answers when those computations are done; how many clients it asked for.
   */
  async function sweep(all = false): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - STALE_AFTER_MS);
    const rows = await db
      .select({ clientId: engagementDue.clientId, reasons: engagementDue.reasons })
      .from(engagementDue)
      .where(all ? undefined : lt(engagementDue.askedAt, cutoff))
      .orderBy(asc(engagementDue.askedAt))
      .limit(500);
    await Promise.allSettled(
      rows.flatMap((row) =>
        row.reasons.map((reason) => recompute(row.clientId, reason, { background: true })),
      ),
    );
    return rows.length;
  }

  async function statusOf(clientId: string) {
    const [row] = await db
      .select()
      .from(engagementStatus)
      .where(eq(engagementStatus.clientId, clientId));
    return row ?? null;
  }

  async function vipOf(clientId: string): Promise<TVip> {
    const status =
      (await statusOf(clientId)) ?? (await recompute(clientId), await statusOf(clientId))!;
    const all = await tiers();
    const tier = all.find((t) => t.level === status.vip) ?? all[0]!;
    const next = all.find((t) => t.level === status.vip + 1);
    const snapshots = await snapshotsOf(clientId);
    const today = istDateOf(clock.now());
    return {
      level: status.vip,
      average_assets_paise: Number(status.averageAssetsPaise),
      current_assets_paise: Number(snapshots.find((s) => s.day === today)?.assetsPaise ?? 0n),
      next_level_paise: next ? next.min_assets_paise : null,
      tier,
      tiers: all,
      days: snapshots
        .slice(-VIP_AVERAGE_DAYS)
        .map((s) => ({ day: s.day, assets_paise: Number(s.assetsPaise) })),
    };
  }

  async function scoreView(clientId: string): Promise<TScore> {
    const status =
      (await statusOf(clientId)) ?? (await recompute(clientId), await statusOf(clientId))!;
    const history = await db
      .select()
      .from(scoreHistory)
      .where(eq(scoreHistory.clientId, clientId))
      .orderBy(desc(scoreHistory.id))
      .limit(50);
    return {
      score: status.score,
      parts: status.parts as TScorePart[],
      history: history.map((h) => ({ score: h.score, reason: h.reason, at: h.at.toISOString() })),
      computed_at: status.computedAt.toISOString(),
    };
  }

  async function achievementsOf(clientId: string): Promise<TAchievement[]> {
    const [facts, earned, status] = await Promise.all([
      factsOf(clientId),
      db.select().from(achievementsEarned).where(eq(achievementsEarned.clientId, clientId)),
      statusOf(clientId),
    ]);
    const at = new Map(earned.map((e) => [e.code, e.earnedAt]));
    return progressOf(facts, { now: clock.now(), vip: status?.vip ?? 0 }).map((a) => ({
      code: a.code,
      title: a.title,
      description: a.description,
      earned_at: at.get(a.code)?.toISOString() ?? null,
      // An earned one stays earned (sold shares do not take "five sectors" back).
      progress: at.has(a.code) ? a.target : a.progress,
      target: a.target,
    }));
  }

  async function radarOfClient(clientId: string): Promise<TRadar> {
    const [holdings, trades] = await Promise.all([
      ports.holdings(clientId),
      ports.trades(clientId),
    ]);
    const symbols = holdings.filter((h) => h.valuePaise > 0n).map((h) => h.symbol);
    const firstFill = trades.fills.reduce(
      (min, f) => Math.min(min, f.executedAt.getTime()),
      clock.now().getTime(),
    );
    const niftyDays = Math.min(
      400,
      Math.ceil((clock.now().getTime() - firstFill) / daysInMs(1)) + 5,
    );
    const [closes, nifty] = await Promise.all([
      Promise.all(
        symbols.map(
          async (s) =>
            [s, await ports.dailyCloses(s, 'NSE', RADAR_VOLATILITY_DAYS + 1)] as [
              string,
              DailyClose[],
            ],
        ),
      ),
      ports.dailyCloses('NIFTY50', 'INDEX', niftyDays),
    ]);
    return {
      scores: radarOf({
        now: clock.now(),
        holdings,
        fills: trades.fills,
        filledOrdersByType: trades.filledOrdersByType,
        closes: new Map(closes),
        nifty,
      }),
      computed_at: clock.now().toISOString(),
    };
  }

  return {
    recompute,
    recomputeAll,
    sweep,
    /** How the computations queue is doing (tests, diagnosis): running, waiting, started. */
    computationStats: () => computations.stats(),
    tiers,
    vip: vipOf,
    score: scoreView,
    achievements: achievementsOf,
    radar: radarOfClient,

    /** The trading charge schedule's port: basis points off brokerage for the client's level. */
    async brokerageDiscountBps(clientId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ bps: vipTiers.brokerageDiscountBps })
        .from(engagementStatus)
        .innerJoin(vipTiers, eq(vipTiers.level, engagementStatus.vip))
        .where(eq(engagementStatus.clientId, clientId));
      return row?.bps ?? 0;
    },

    /** The funds module's port: the client's tier's daily withdrawal limit, or null. */
    async dailyWithdrawalLimit(clientId: string, executor: Executor = db): Promise<bigint | null> {
      const [row] = await executor
        .select({ limit: vipTiers.dailyWithdrawalLimitPaise })
        .from(vipTiers)
        .leftJoin(engagementStatus, eq(engagementStatus.clientId, clientId))
        .where(eq(vipTiers.level, sql`coalesce(${engagementStatus.vip}, 0)`));
      return row?.limit ?? null;
    },

    /** The tier editor (admin): all six at once, audited; levels are then recomputed. */
    async saveTiers(input: TVipTier[], actor: Actor): Promise<TVipTier[]> {
      const saved = await db.transaction(async (tx) => {
        const before = await tiers(tx);
        for (const t of input)
          await tx
            .update(vipTiers)
            .set({
              minAssetsPaise: BigInt(t.min_assets_paise),
              brokerageDiscountBps: t.brokerage_discount_bps,
              dailyWithdrawalLimitPaise:
                t.daily_withdrawal_limit_paise === null
                  ? null
                  : BigInt(t.daily_withdrawal_limit_paise),
              updatedAt: clock.now(),
            })
            .where(eq(vipTiers.level, t.level));
        const after = await tiers(tx);
        await recordAudit(tx, actor, {
          action: 'engagement.tiers',
          subjectType: 'setting',
          subjectId: 'vip_tiers',
          before,
          after,
        });
        return after;
      });
      void recomputeAll('VIP tiers changed').catch((error) => log('tier recompute failed', error));
      return saved;
    },

    /** A staff adjustment of the score: a part with its reason, audited; the score follows. */
    async adjustScore(
      viewer: Viewer,
      clientId: string,
      input: { points: number; reason: string },
      actor: Actor & { type: 'staff' },
    ): Promise<TScore> {
      assertActsFor(viewer, (await ports.client(clientId)).advisorId);
      await db.transaction(async (tx) => {
        await tx.insert(scoreAdjustments).values({
          clientId,
          points: input.points,
          reason: input.reason,
          staffId: actor.id,
          at: clock.now(),
        });
        await recordAudit(tx, actor, {
          action: 'engagement.score.adjust',
          subjectType: 'client',
          subjectId: clientId,
          after: { points: input.points, reason: input.reason },
        });
      });
      await recompute(
        clientId,
        `Staff adjustment ${input.points > 0 ? '+' : ''}${input.points}: ${input.reason}`,
      );
      return scoreView(clientId);
    },

    /** The console's view of one client. */
    async consoleView(
      viewer: Viewer,
      clientId: string,
      staffNames: (ids: string[]) => Promise<Map<string, string>>,
    ): Promise<TConsoleEngagement> {
      assertSees(viewer, (await ports.client(clientId)).advisorId);
      const [vip, score, achievements, radar, adjustments] = await Promise.all([
        vipOf(clientId),
        scoreView(clientId),
        achievementsOf(clientId),
        radarOfClient(clientId),
        db
          .select()
          .from(scoreAdjustments)
          .where(eq(scoreAdjustments.clientId, clientId))
          .orderBy(desc(scoreAdjustments.id)),
      ]);
      const names = await staffNames([...new Set(adjustments.map((a) => a.staffId))]);
      return {
        vip,
        score,
        achievements,
        radar,
        adjustments: adjustments.map((a) => ({
          points: a.points,
          reason: a.reason,
          staff: names.get(a.staffId) ?? a.staffId,
          at: a.at.toISOString(),
        })),
      };
    },

    /**
     * Listens for the events that change a client's standing. Every instance listens (with
     * Redis each hears every event): the status row's lock and the achievements' primary key
     * make the repeats harmless. Returns the unsubscribe.
     */
    listen(): () => void {
      if (!bus) return () => {};
      const offs = WATCHED.map((name) =>
        bus.subscribe(transitionChannel(name), (message) => {
          const event = JSON.parse(message) as { clientId?: string; action: string; to: string };
          // Failures are logged by the queue; the event's sender does not wait for it.
          if (event.clientId)
            recompute(event.clientId, reasonOf(name, event.to), { background: true }).catch(
              () => {},
            );
        }),
      );
      offs.push(
        bus.subscribe(ORDER_PLACED_CHANNEL, (message) => {
          const event = JSON.parse(message) as { clientId: string; type: string };
          if (event.type === 'ipo')
            recompute(event.clientId, 'IPO bid placed', { background: true }).catch(() => {});
        }),
      );
      // What a crash or a lost message left: all of it now, then whatever lingers.
      const swept = (all: boolean) =>
        sweep(all).catch((error) => log('engagement sweep failed', error));
      void swept(true);
      const timer = setInterval(() => void swept(false), SWEEP_EVERY_MS);
      timer.unref?.();
      offs.push(() => clearInterval(timer));
      return () => offs.forEach((off) => off());
    },

    /**
     * The leader's nightly pass: after the market closes (16:00 IST), every client not yet
     * computed since then is recomputed, so that day's snapshot is its close and time-based
     * parts (account age, the 30-day window) move. Checks every `everyMs`; returns the stop.
     */
    startJobs(everyMs: number) {
      let current: Promise<unknown> | null = null;
      let lastRunDay: string | null = null;
      let stopped = false;
      const tick = () => {
        const now = clock.now();
        const istMinutes = istMinuteOfDay(now);
        const today = istDateOf(now);
        // A pass already running (the first computation) puts this one off to the next tick.
        if (stopped || current || istMinutes < 16 * 60 || lastRunDay === today) return;
        lastRunDay = today;
        current = recomputeAll('Nightly recomputation')
          .catch((error) => log('nightly engagement failed', error))
          .finally(() => {
            current = null;
          });
      };
      // Clients never computed (an install from before engagement, the seeded demo client)
      // get their standing at once, not at the next evening's pass; the day's pass follows.
      current = (async () => {
        const computed = new Set(
          (await db.select({ id: engagementStatus.clientId }).from(engagementStatus)).map(
            (r) => r.id,
          ),
        );
        for (const id of await ports.allClientIds())
          if (!computed.has(id) && !stopped)
            // Logged by the queue.
            await recompute(id, 'First computation', { background: true }).catch(() => {});
      })()
        .catch((error) => log('engagement first computation failed', error))
        .finally(() => {
          current = null;
          tick();
        });
      const timer = setInterval(tick, everyMs);
      return async () => {
        stopped = true;
        clearInterval(timer);
        while (current) await current;
      };
    },
  };
}
export type EngagementService = ReturnType<typeof createEngagementService>;
