// A seeded pseudo-random source, so the same --seed and --anchor always make the same data.

export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  uuid(): string;
  /** Index in [0, n), skewed towards small indexes (a few sellers/products are popular). */
  skewed(n: number, power?: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  // mulberry32
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (count: number) => {
    let out = '';
    for (let index = 0; index < count; index += 1) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
    skewed: (n, power = 2) => Math.min(n - 1, Math.floor(n * next() ** power)),
  };
}
