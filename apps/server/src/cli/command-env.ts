/** What every operator command is given: the context, where it prints, who it acts as. */
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { Actor } from '../platform/audit.ts';

export type Io = { out: (line: string) => void; err: (line: string) => void };

/** The database a command runs against, for the commands that need its address (backup). */
export type CommandDatabase = Pick<Database, 'url' | 'kind'>;

export type CommandEnv = { ctx: AppContext; io: Io; actor: Actor };
