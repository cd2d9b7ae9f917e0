// A tiny seeded PRNG so the demo data (ids, dates, drawings) is identical on every fresh database.
// Not for anything secret: mulberry32 is fast and well distributed, nothing more.

export interface Random {
  /** A float in [0, 1). */
  nextFloat(): number;
  /** An integer in [min, max], both ends included. */
  integerBetween(min: number, max: number): number;
  /** A float in [min, max). */
  floatBetween(min: number, max: number): number;
  /** True with the given probability (0..1). */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An RFC 4122 version-4-format UUID whose bits come from this generator. */
  uuid(): string;
  /**
   * An independent generator derived from this one's seed and a label. Each seed step and each drawing
   * forks its own, so adding draws in one place never shifts the values drawn in another.
   */
  fork(label: string): Random;
}

/** FNV-1a: turns a string seed into the 32-bit state mulberry32 needs. */
function hashToUint32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number | string): Random {
  const seedText = String(seed);
  let state = hashToUint32(seedText);

  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return (value ^ (value >>> 14)) >>> 0;
  };
  const nextFloat = (): number => nextUint32() / 0x1_0000_0000;

  return {
    nextFloat,
    integerBetween(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
        throw new RangeError(`integerBetween needs integers with min <= max, got ${min}..${max}`);
      }
      return min + Math.floor(nextFloat() * (max - min + 1));
    },
    floatBetween: (min, max) => min + nextFloat() * (max - min),
    chance: (probability) => nextFloat() < probability,
    pick(items) {
      if (items.length === 0) throw new RangeError('pick needs at least one item');
      return items[Math.floor(nextFloat() * items.length)] as (typeof items)[number];
    },
    uuid() {
      const bytes = new Uint8Array(16);
      for (let offset = 0; offset < 16; offset += 4) {
        const word = nextUint32();
        bytes[offset] = word >>> 24;
        bytes[offset + 1] = (word >>> 16) & 0xff;
        bytes[offset + 2] = (word >>> 8) & 0xff;
        bytes[offset + 3] = word & 0xff;
      }
      // Version 4 in the high nibble of byte 6, variant 10xx in byte 8 (RFC 4122 §4.4).
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    fork: (label) => createRandom(`${seedText}/${label}`),
  };
}
