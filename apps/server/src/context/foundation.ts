/** What every module is built on: config, the database, the clock, the keys, files and the bus. */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createLocalBus, busPrefixOf, createRedisBus } from '../platform/bus.ts';
import type { TransitionEvents } from '../platform/transitions.ts';
import type { Clock } from '../platform/clock.ts';
import type { Secrets } from '../platform/secrets.ts';
import { notificationsSql } from '../modules/notifications/notice.ts';
import { engagementDueSql } from '../modules/engagement/service.ts';
import { createFileStore, type FileStoreConfig } from '../modules/files/service.ts';

export type ContextDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  secrets: Secrets;
  /** Where files live, when not where `config` says (the first start's seed process). */
  fileStore?: FileStoreConfig;
};

export function wireFoundation(deps: ContextDeps) {
  const { config, db } = deps;
  const files = createFileStore(deps.fileStore ?? config, db);
  // Status changes are published on the bus after commit, so it comes first.
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, busPrefixOf(config.databaseUrl))
    : createLocalBus();
  // Every lifecycle's events: published after commit, and those engagement acts on also marked
  // durably inside the step's own audit statement (decision 034).
  const transitionEvents: TransitionEvents = {
    publish: (channel, message) => bus.publish(channel, message),
    record: (events) => {
      const due = engagementDueSql(events);
      return [...(due ? [due] : []), ...notificationsSql(events)];
    },
  };
  return { ...deps, files, bus, transitionEvents };
}
export type Foundation = ReturnType<typeof wireFoundation>;
