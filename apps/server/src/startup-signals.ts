/**
 * SIGTERM and Ctrl-C while the server is still starting. Until its own shutdown handlers are in
 * place, the default action would kill the process outright and leave the embedded PostgreSQL
 * it started running (a first start takes seconds: initdb, migrations, the demo seed). Instead
 * the signal is noted, work that can be ended at once is ended (the demo seed's child process),
 * and start-up stops at its next step through the path that stops the database.
 */
export class StartupInterrupted extends Error {}

export type StartupSignals = {
  /** Throws StartupInterrupted once a signal came; called between start-up steps. */
  check(): void;
  /** The signal received so far, if any. */
  received(): NodeJS.Signals | null;
  /** Runs `stop` when a signal comes; returns what takes it off again. */
  onSignal(stop: () => void): () => void;
  /** Hands over to the server's own handlers (install those first: no gap in between). */
  release(): void;
};

export function watchStartupSignals(): StartupSignals {
  let received: NodeJS.Signals | null = null;
  const stoppers = new Set<() => void>();
  const handle = (signal: NodeJS.Signals) => {
    received ??= signal;
    for (const stop of stoppers) stop();
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
  return {
    check() {
      if (received)
        throw new StartupInterrupted(
          `Start-up was stopped by ${received} before the server served.`,
        );
    },
    received: () => received,
    onSignal(stop) {
      stoppers.add(stop);
      return () => stoppers.delete(stop);
    },
    release() {
      process.off('SIGTERM', handle);
      process.off('SIGINT', handle);
    },
  };
}
