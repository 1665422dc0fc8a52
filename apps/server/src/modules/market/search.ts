/**
 * Instrument search, ranked: exact symbol, symbol prefix, a word of the name starting with
 * the text, symbol or name containing it, then typo-tolerant matches. Larger companies win ties.
 * `searchPrepared` states the ranking as one plain pass over the universe; `createSearchIndex`
 * answers the same results in the same order from an index built once per universe, and is
 * what the API uses (the tests hold the two to each other).
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

type Terms = {
  terms: string[];
  /** prefixMasks[t][k] is the mask of the first k characters of term t. */
  prefixMasks: Int32Array[];
  /** The last query's capped distances to each term, and to each term's prefix. */
  full: Int8Array;
  prefix: Int8Array;
};

/** Every distinct symbol and name word as a numbered term; each entry names its terms. */
function termsOf<T extends Searchable>(prepared: Prepared<T>[]) {
  const terms: string[] = [];
  const termIds = new Map<string, number>();
  const termOf = (text: string) => {
    let id = termIds.get(text);
    if (id === undefined) {
      id = terms.length;
      terms.push(text);
      termIds.set(text, id);
    }
    return id;
  };
  const entries = prepared.map((entry, position) => ({
    ...entry,
    position,
    symbolTerm: termOf(entry.symbol),
    wordTerms: entry.words.map(termOf),
  }));
  const prefixMasks = terms.map((term) => {
    const masks = new Int32Array(term.length + 1);
    for (let k = 1; k <= term.length; k++) masks[k] = masks[k - 1]! | charBit(term, k - 1);
    return masks;
  });
  const table: Terms = {
    terms,
    prefixMasks,
    full: new Int8Array(terms.length),
    prefix: new Int8Array(terms.length),
  };
  return { entries, table };
}

/** Edit distance (capped at allowed + 1) of the query to a term and to its prefix. */
function distancesFor({ terms, prefixMasks, full, prefix }: Terms, query: string, allowed: number) {
  const queryMask = maskOf(query);
  const limitBits = 2 * allowed;
  const far = allowed + 1;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t]!;
    const masks = prefixMasks[t]!;
    full[t] =
      Math.abs(term.length - query.length) <= allowed &&
      popcount(queryMask ^ masks[term.length]!) <= limitBits
        ? editDistance(query, term, allowed)
        : far;
    if (term.length <= query.length) prefix[t] = full[t]!;
    else
      prefix[t] =
        popcount(queryMask ^ masks[query.length]!) <= limitBits
          ? editDistance(query, term.slice(0, query.length), allowed)
          : far;
  }
}

/**
 * The index: symbols sorted for prefix lookups, and every distinct symbol and name word (a
 * few hundred) with a bitmask of the characters it holds. An edit, deletion or insertion
 * changes at most two bits of that mask and a swap none, so a term whose mask differs from the
 * query's in more than 2 × allowed bits cannot be within the allowed distance: the typo pass
 * computes edit distances only for the handful of terms that survive, once per term.
 */
export function createSearchIndex<T extends Searchable>(universe: readonly T[]) {
  const { entries, table } = termsOf(prepareSearch(universe));
  const { full, prefix } = table;

  // People type the same few prefixes ("R", "RE", "REL", "HDFC"): the ranking of a query
  // depends only on this universe, so the latest answers are kept with the index and go with it.
  const answers = new Map<string, T[]>();
  const ANSWERS_KEPT = 512;

  function rank(text: string, limit: number): T[] {
    const raw = text.trim().toUpperCase();
    const query = normalise(text);
    if (!query) return [];
    const hits: { item: T; score: number; position: number }[] = [];
    const misses: typeof entries = [];
    for (const entry of entries) {
      const s = directScore(entry, raw, query);
      if (s > 0) hits.push({ item: entry.item, score: s, position: entry.position });
      else misses.push(entry);
    }
    if (hits.length < limit && query.length >= 3 && misses.length > 0) {
      const allowed = query.length >= 7 ? 2 : 1;
      distancesFor(table, query, allowed);
      for (const entry of misses) {
        let distance = full[entry.symbolTerm]!;
        for (const w of entry.wordTerms) distance = Math.min(distance, full[w]!, prefix[w]!);
        if (distance <= allowed)
          hits.push({ item: entry.item, score: 300 - distance * 50, position: entry.position });
      }
    }
    return hits
      .sort((a, b) => b.score - a.score || b.item.weight - a.item.weight || a.position - b.position)
      .slice(0, limit)
      .map((r) => r.item);
  }

  return {
    size: entries.length,
    search(text: string, limit: number): T[] {
      const key = `${limit}|${text}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = rank(text, limit);
        if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
export type SearchIndex<T extends Searchable> = ReturnType<typeof createSearchIndex<T>>;

/** One of 32 bits per character: sharing a bit only makes the filter let more through. */
const charBit = (text: string, i: number) => 1 << (text.charCodeAt(i) % 32);

function maskOf(text: string) {
  let mask = 0;
  for (let i = 0; i < text.length; i++) mask |= charBit(text, i);
  return mask;
}

function popcount(n: number) {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
