import type { TNewsImportResult } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FeedFetcher } from './feed-fetch.ts';

export type FeedDeps = { db: Db; clock: Clock; fetchFeed: FeedFetcher };

/** The import under way on this instance, which a second request joins. */
export type ImportState = { running: Promise<TNewsImportResult> | null };
