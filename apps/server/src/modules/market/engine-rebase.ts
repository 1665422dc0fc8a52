import { priceAfter, shareFactor, volumeAfter } from '@sampada/shared';
import { type RebaseMessage, STATES_CHANNEL } from './engine-channels.ts';
import { type EngineDeps, type EngineState, notify } from './engine-state.ts';

/**
 * The scrip's live state in the new shares (decision 051): prices × den / num through the
 * shared ratio maths, the day's volume × num / den, unflushed candles before the ex-date,
 * each index's base price of it and the feed's own level; then the state goes to followers
 * marked `rebased`, so that they take its lower 52-week range instead of keeping the higher.
 */
export function rebase(
  { feed, bus }: Pick<EngineDeps, 'feed' | 'bus'>,
  st: EngineState,
  { symbol, ratio, before }: RebaseMessage,
) {
  const state = st.states.get(symbol);
  if (!state) return;
  const price = (paise: number) => priceAfter(ratio, paise);
  const maybe = (paise: number | null) => (paise === null ? null : price(paise));
  Object.assign(state, {
    last: price(state.last),
    open: maybe(state.open),
    high: maybe(state.high),
    low: maybe(state.low),
    prevClose: price(state.prevClose),
    tickBasis: price(state.tickBasis),
    week52High: price(state.week52High),
    week52Low: price(state.week52Low),
    volume: volumeAfter(ratio, state.volume),
  });
  for (const row of st.pending.values())
    if (row.symbol === symbol && row.start < before)
      row.bar = {
        open: price(row.bar.open),
        high: price(row.bar.high),
        low: price(row.bar.low),
        close: price(row.bar.close),
        volume: volumeAfter(ratio, row.bar.volume),
      };
  for (const [index, members] of st.constituents)
    st.constituents.set(
      index,
      members.map((c) =>
        c.symbol === symbol ? { ...c, basePricePaise: price(c.basePricePaise) } : c,
      ),
    );
  const { num, den } = shareFactor(ratio);
  feed.rebase?.(symbol, den / num);
  st.unsaved.add(symbol);
  bus.publish(STATES_CHANNEL, JSON.stringify([{ ...state, rebased: true }]));
  notify(st, [symbol]);
}
