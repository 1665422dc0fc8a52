import { paiseNumber, type TPage, type TPostingView } from '@sampada/shared';
import { encodeCursor } from '../../platform/cursor.ts';
import type { postingsOfClient } from './read-lines.ts';

type PostingWithLines = Awaited<ReturnType<typeof postingsOfClient>>[number];

/** A posting with all its lines on the wire; a client's line carries the balance after it. */
export const postingView = (p: PostingWithLines): TPostingView => ({
  id: String(p.id),
  kind: p.kind,
  memo: p.memo,
  reference: p.reference,
  created_at: p.createdAt.toISOString(),
  lines: p.lines.map((l) => ({
    account: l.account,
    client_id: l.clientId,
    amount_paise: paiseNumber(l.amount),
    balance_after_paise: l.clientId ? paiseNumber(l.balanceAfter) : null,
  })),
});

/** Postings read one past `limit`, newest first, as a page: the extra one says a next exists. */
export function postingPage(postings: PostingWithLines[], limit: number): TPage<TPostingView> {
  const items = postings.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(postingView),
    next_cursor: postings.length > limit && last ? encodeCursor([last.id]) : null,
  };
}
