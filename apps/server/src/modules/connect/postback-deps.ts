import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { OutboxSteps } from '../../platform/outbox.ts';
import type { Apps } from './apps.ts';
import type { PostbackPayload } from './tables.ts';

export type KiteOrderView = PostbackPayload;
export type PostbackStatus = 'queued' | 'sending' | 'delivered' | 'failed';

export const POSTBACK_STEPS = {
  claim: { from: ['queued', 'sending'], to: 'sending' },
  deliver: { from: ['sending'], to: 'delivered' },
  retry: { from: ['sending'], to: 'queued' },
  fail: { from: ['sending'], to: 'failed' },
} as const satisfies OutboxSteps<PostbackStatus>;

export type PostbackDeps = {
  db: Db;
  clock: Clock;
  apps: Pick<Apps, 'secretOf'>;
  log?: ((message: string, error?: unknown) => void) | undefined;
};

/** This instance's sending: what a close aborts and waits for, and whether it has closed. */
export type PostbackState = {
  /** Attempts in flight: a close aborts them and leaves their rows to the lease. */
  inFlight: Set<AbortController>;
  /** First attempts started by `sendNow`: a close waits for them (aborted, they end at once). */
  firsts: Set<Promise<unknown>>;
  closed: boolean;
};
