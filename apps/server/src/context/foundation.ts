/**
 * What every module is built on: config, the database, the clock, the keys, files, the bus and
 * the firm's document signature.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createLocalBus, busPrefixOf, createRedisBus } from '../platform/bus.ts';
import type { TransitionEvents } from '../platform/transitions.ts';
import type { Clock } from '../platform/clock.ts';
import type { Secrets } from '../platform/secrets.ts';
import { notificationsSql } from '../modules/notifications/notice.ts';
import { engagementDueSql } from '../modules/engagement/service.ts';
import { createFileStore, type FileStoreConfig } from '../modules/files/service.ts';
import { createDocumentSigner, loadSigningIdentity } from '../platform/document-signing.ts';

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
  // The firm's signature on the documents clients get, e-mailed or downloaded in the app: its
  // certificate, else a demo one (decision 057). Loaded on the first signature, not here.
  const documentSigner = createDocumentSigner(() =>
    loadSigningIdentity({
      certPath: config.signingCert,
      certPassword: config.signingCertPassword,
      dataDir: config.dataDir,
    }),
  );
  return { ...deps, files, bus, transitionEvents, documentSigner };
}
export type Foundation = ReturnType<typeof wireFoundation>;
