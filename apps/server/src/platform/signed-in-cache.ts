/**
 * A short-lived copy of "this session is live, and this is its client's row", so that the
 * hottest authenticated call (`client_info`) does not ask PostgreSQL on every request
 * (docs/decisions/006). What keeps it honest:
 *
 * - An entry lives at most `ttlMs`, counted from before its database read began.
 * - A change to a client's row or sessions (logout, password change or reset, PIN change,
 *   KYC, VIP/score, flags, avatar, a trade's order count) calls `changed(clientId)` once it has
 *   committed: this instance drops the client's entries at once, and a read that began
 *   before the change is never stored (a generation count). The bus carries the change to
 *   the other instances, which drop theirs too.
 * - Across instances "at once" does not rest on the bus (Redis pub/sub is asynchronous and
 *   drops messages while a connection is down, and without Redis each instance's bus is its
 *   own): a change that must hold everywhere before the request answers (logout, password
 *   change or reset, PIN, KYC, VIP, flags, avatar) awaits `settled()`, which waits until every
 *   entry read before the change has expired on any instance — at most `ttlMs` after it.
 *   An instance cannot know whether others share its database, so it always waits.
 * - A write inside a transaction that cannot say when it commits marks the client uncached
 *   for `dirtyMs` (longer than a transaction may stay idle) and drops entries again after it.
 *
 * Console sessions keep copies by the same rules on a channel of their own
 * (modules/staff-auth/staff-session-cache.ts, decision 074).
 */
import type { Bus } from './bus.ts';

export const SIGNED_IN_CHANGED_CHANNEL = 'auth.signed-in.changed';

type Entry<Row> = {
  clientId: string;
  row: Promise<Row | undefined>;
  expiresAt: number;
};

export type SignedInCache<Row> = {
  /**
   * The session's client row as `load` reads it (undefined: not a live session of this
   * client), from memory when a fresh copy is held.
   */
  read(
    sessionId: string,
    clientId: string,
    load: () => Promise<Row | undefined>,
  ): Promise<Row | undefined>;
  /** The client's row or sessions changed and the change has committed. */
  changed(clientId: string): void;
  /** A write that has not committed yet and cannot say when it will. */
  changing(clientId: string): void;
  /** Resolves once no instance can answer from a copy read before the last change. */
  settled(): Promise<void>;
  /** How many sessions are held (tests). */
  size(): number;
};

/** The cache's state: its entries, the clients not to cache, and the change count. */
type CacheState<Row> = {
  bus: Bus;
  channel: string;
  ttlMs: number;
  dirtyMs: number;
  now: () => number;
  entries: Map<string, Entry<Row>>;
  // Clients whose uncommitted change could be read by a fill: nothing of theirs is stored.
  dirtyUntil: Map<string, number>;
  generation: number;
  lastChangeAt: number;
  listening: boolean;
  subscribed: boolean;
};

function drop<Row>(state: CacheState<Row>, clientId: string) {
  state.generation += 1;
  for (const [sessionId, entry] of state.entries)
    if (entry.clientId === clientId) state.entries.delete(sessionId);
}

function subscribe<Row>(state: CacheState<Row>) {
  state.subscribed = true;
  state.bus.subscribe(state.channel, (clientId) => drop(state, clientId));
  // Nothing is kept until the subscription is live, or a change published before it would
  // be missed here for a whole TTL.
  void state.bus.whenSubscribed().then(() => {
    state.listening = true;
  });
}

/**
 * Expired entries of sessions no longer asking would otherwise stay; a sweep now and then
 * keeps the map the size of the sessions active in the last TTL.
 */
function startSweep<Row>(state: CacheState<Row>) {
  const { entries, dirtyUntil, now, ttlMs } = state;
  const sweep = setInterval(
    () => {
      const t = now();
      for (const [sessionId, entry] of entries) if (entry.expiresAt <= t) entries.delete(sessionId);
      for (const [clientId, until] of dirtyUntil) if (until <= t) dirtyUntil.delete(clientId);
    },
    Math.max(1000, ttlMs * 10),
  );
  sweep.unref();
}

function read<Row>(
  state: CacheState<Row>,
  sessionId: string,
  clientId: string,
  load: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  if (!state.subscribed) subscribe(state);
  const { entries, now, ttlMs } = state;
  const t = now();
  const held = entries.get(sessionId);
  if (held && held.expiresAt > t && held.clientId === clientId) return held.row;
  const dirty = state.dirtyUntil.get(clientId);
  if (!state.listening || (dirty !== undefined && dirty > t)) return load();
  const startedAt = state.generation;
  const row = load();
  const entry: Entry<Row> = { clientId, row, expiresAt: t + ttlMs };
  entries.set(sessionId, entry);
  // A read that a change overtook is not kept (its answer still goes to the requests
  // that were already waiting for it: they began before the change answered), nor is a
  // failed read or a session that is not live.
  void row.then(
    (value) => {
      if (value === undefined || state.generation !== startedAt) {
        if (entries.get(sessionId) === entry) entries.delete(sessionId);
      }
    },
    () => {
      if (entries.get(sessionId) === entry) entries.delete(sessionId);
    },
  );
  return row;
}

function changing<Row>(state: CacheState<Row>, clientId: string) {
  const { bus, channel, now, dirtyMs } = state;
  drop(state, clientId);
  state.dirtyUntil.set(clientId, now() + dirtyMs);
  const timer = setTimeout(() => {
    state.dirtyUntil.delete(clientId);
    drop(state, clientId);
    bus.publish(channel, clientId);
  }, dirtyMs);
  timer.unref();
  state.lastChangeAt = now();
  bus.publish(channel, clientId);
}

export function createSignedInCache<Row>({
  bus,
  channel = SIGNED_IN_CHANGED_CHANNEL,
  ttlMs = 100,
  dirtyMs = 15_000,
  now = () => performance.now(),
}: {
  bus: Bus;
  /** Where changes are announced to the other instances (one channel per kind of session). */
  channel?: string;
  ttlMs?: number;
  dirtyMs?: number;
  now?: () => number;
}): SignedInCache<Row> {
  const state: CacheState<Row> = {
    bus,
    channel,
    ttlMs,
    dirtyMs,
    now,
    entries: new Map(),
    dirtyUntil: new Map(),
    generation: 0,
    lastChangeAt: -Infinity,
    listening: false,
    subscribed: false,
  };
  startSweep(state);

  return {
    read: (sessionId, clientId, load) => read(state, sessionId, clientId, load),

    changed(clientId) {
      drop(state, clientId);
      state.lastChangeAt = now();
      bus.publish(channel, clientId);
    },

    changing: (clientId) => changing(state, clientId),

    async settled() {
      // An entry on another instance read before the change began before it, so it expires
      // at most ttlMs after the change; the bus usually drops it long before.
      const left = state.lastChangeAt + ttlMs - now();
      if (left > 0) await new Promise((r) => setTimeout(r, left + 1));
    },

    size: () => state.entries.size,
  };
}
