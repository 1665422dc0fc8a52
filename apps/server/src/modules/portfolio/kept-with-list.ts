/**
 * Work derived from a client's kept fills list (trading/tax-fills-cache.ts), kept with the list
 * for as long as the list lives and the rest of its inputs (`key`) stay the same. Only a frozen
 * list is kept against: one that cannot change under what was derived from it.
 */
export function keptWithList<T>() {
  const kept = new WeakMap<readonly unknown[], { key: string; value: T }>();
  return (list: readonly unknown[], key: string, make: () => T): T => {
    const entry = kept.get(list);
    if (entry?.key === key) return entry.value;
    const value = make();
    if (Object.isFrozen(list)) kept.set(list, { key, value });
    return value;
  };
}
