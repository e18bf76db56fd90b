/**
 * A small seeded PRNG (mulberry32): the sample data must come out the same on every machine and
 * every run, so tests and screenshots can rely on it. Math.random is never used here.
 */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [min, max], both inclusive. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  /** Up to `count` distinct items, in the list's own order so joined lists read naturally. */
  const pickSome = <T>(items: readonly T[], count: number): T[] => {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(int(0, items.length - 1));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  };
  return { next, int, pick, pickSome };
}
export type Rng = ReturnType<typeof createRng>;

/** 'YYYY-MM-DD' of the UTC day `days` after `from` (negative for earlier days). */
export function utcDay(from: Date, days = 0): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}
