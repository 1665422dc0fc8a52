/** Operations close an issue's bidding before its close date. */
import type { TIpoIssue } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import type { IpoDeps } from './ipo-deps.ts';
import { ipoViews } from './ipo-reads.ts';
import { IPO } from './ipo-transitions.ts';

export async function closeIpo(deps: IpoDeps, id: string, actor: Actor): Promise<TIpoIssue> {
  const { db, clock } = deps;
  const row = await plainTransaction(db)((tx) =>
    applyTransition(tx, IPO, 'close', {
      id,
      at: clock.now(),
      set: { closedAt: clock.now() },
      audit: { actor },
      events: deps.events,
    }),
  );
  return (await ipoViews(deps, [row]))[0]!;
}
