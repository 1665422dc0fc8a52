/**
 * Instrument search, ranked: exact symbol, symbol prefix, a word of the name starting with
 * the text, symbol or name containing it, then typo-tolerant matches. Larger companies win ties.
 * The universe is prepared once (normalised names and words), so a search is a single pass.
 */
export type Searchable = { symbol: string; name: string; weight: number };

type Prepared<T> = { item: T; symbol: string; name: string; words: string[] };

const MAX_LENGTH = 64;
const rows = [0, 1, 2].map(() => new Int32Array(MAX_LENGTH + 1));

/** Optimal string alignment distance (edits plus adjacent swaps); anything above `cap` is cap + 1. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  if (a.length > MAX_LENGTH || b.length > MAX_LENGTH) return cap + 1;
  // Three reused rows (two back, previous, current): no allocation per call.
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (ai === bj ? 0 : 1),
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        v = Math.min(v, before[j - 2]! + 1);
      }
      current[j] = v;
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

const normalise = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9& ]+/g, ' ')
    .trim();

export function prepareSearch<T extends Searchable>(universe: readonly T[]): Prepared<T>[] {
  return universe.map((item) => {
    const name = normalise(item.name);
    return { item, symbol: item.symbol, name, words: name.split(/\s+/) };
  });
}

function directScore<T>(entry: Prepared<T>, raw: string, query: string): number {
  const { symbol, name, words } = entry;
  if (symbol === raw) return 1000;
  if (symbol.startsWith(raw)) return 900 - (symbol.length - raw.length);
  if (name.startsWith(query)) return 800;
  if (words.some((w) => w.startsWith(query))) return 700;
  if (symbol.includes(raw)) return 600;
  if (name.includes(query)) return 500;
  return 0;
}

/** Typos: the symbol, each name word, or a word's prefix as long as the text. */
function fuzzyScore<T>(entry: Prepared<T>, query: string): number {
  const { symbol, words } = entry;
  const allowed = query.length >= 7 ? 2 : 1;
  let distance = editDistance(query, symbol, allowed);
  for (const word of words) {
    if (distance === 0) break;
    distance = Math.min(
      distance,
      editDistance(query, word, allowed),
      editDistance(query, word.slice(0, query.length), allowed),
    );
  }
  return distance <= allowed ? 300 - distance * 50 : 0;
}

export function searchPrepared<T extends Searchable>(
  prepared: readonly Prepared<T>[],
  text: string,
  limit: number,
): T[] {
  // Symbols keep their punctuation (M&M, BAJAJ-AUTO); names are compared word by word.
  const raw = text.trim().toUpperCase();
  const query = normalise(text);
  if (!query) return [];
  const hits: { item: T; score: number }[] = [];
  const misses: Prepared<T>[] = [];
  for (const entry of prepared) {
    const s = directScore(entry, raw, query);
    if (s > 0) hits.push({ item: entry.item, score: s });
    else misses.push(entry);
  }
  // Typo tolerance fills the list only when direct matches do not.
  if (hits.length < limit && query.length >= 3) {
    for (const entry of misses) {
      const s = fuzzyScore(entry, query);
      if (s > 0) hits.push({ item: entry.item, score: s });
    }
  }
  return hits
    .sort((a, b) => b.score - a.score || b.item.weight - a.item.weight)
    .slice(0, limit)
    .map((r) => r.item);
}

export const searchInstruments = <T extends Searchable>(
  universe: readonly T[],
  text: string,
  limit: number,
) => searchPrepared(prepareSearch(universe), text, limit);
