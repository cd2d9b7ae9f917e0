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
  // Four 32-bit draws make a UUID's 128 bits (version and variant set as v4's): at --scale 10 the
  // generator makes some 20 million of them, and a draw per hex digit was a fifth of its time.
  const word = () => Math.floor(next() * 4294967296);
  const hex8 = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
    uuid: () => {
      const a = hex8(word());
      const b = hex8((word() & 0xffff0fff) | 0x00004000);
      const c = hex8((word() & 0x3fffffff) | 0x80000000);
      const d = hex8(word());
      return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
    },
    skewed: (n, power = 2) => Math.min(n - 1, Math.floor(n * next() ** power)),
  };
}
