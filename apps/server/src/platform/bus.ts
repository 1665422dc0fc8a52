/**
 * Publish/subscribe between the market engine and the WebSocket hubs: in-process by default,
 * Redis pub/sub when REDIS_URL is set so that several instances share one engine's ticks.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Bus = {
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): () => void;
  /** Settles once every subscription made so far receives what others publish from now on. */
  whenSubscribed(): Promise<void>;
  close(): Promise<void>;
};

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (channel, message) => void emitter.emit(channel, message),
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => void emitter.off(channel, handler);
    },
    whenSubscribed: async () => {},
    close: async () => void emitter.removeAllListeners(),
  };
}

export function createRedisBus(url: string, prefix = 'sampada:'): Bus {
  // Lazy: a CLI command that builds the context but never publishes opens no connection.
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const local = createLocalBus();
  subscriber.on('message', (channel: string, message: string) => {
    if (channel.startsWith(prefix)) local.publish(channel.slice(prefix.length), message);
  });
  const counts = new Map<string, number>();
  let pending: Promise<unknown> = Promise.resolve();
  return {
    // The bus is best-effort (its users re-read state on reconnect): a message Redis refuses —
    // down, or closed under work still finishing at shutdown — is dropped, never a crash.
    publish: (channel, message) =>
      void publisher.publish(prefix + channel, message).catch(() => {}),
    subscribe(channel, handler) {
      const n = counts.get(channel) ?? 0;
      if (n === 0) {
        const subscribed = subscriber.subscribe(prefix + channel);
        pending = Promise.all([pending, subscribed.catch(() => {})]);
      }
      counts.set(channel, n + 1);
      const off = local.subscribe(channel, handler);
      return () => {
        off();
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) void subscriber.unsubscribe(prefix + channel).catch(() => {});
      };
    },
    whenSubscribed: async () => void (await pending),
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * The Redis channels' prefix names the database: the instances of one deployment share it and
 * hear each other, while another deployment (or another test's scratch database) on the same
 * Redis hears none of their events.
 */
export function busPrefixOf(databaseUrl: string | undefined) {
  try {
    const url = new URL(databaseUrl ?? '');
    return `sampada:${url.host}${url.pathname}:`;
  } catch {
    return 'sampada:';
  }
}
