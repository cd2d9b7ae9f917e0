import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('createRandom', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const draw = (seed: string) => {
      const random = createRandom(seed);
      return [random.nextFloat(), random.integerBetween(1, 100), random.uuid()];
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('keeps integers within both bounds and reaches each of them', () => {
    const random = createRandom(7);
    const seen = new Set(Array.from({ length: 2000 }, () => random.integerBetween(-2, 2)));
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
  });

  it('draws RFC 4122 version-4 UUIDs', () => {
    const random = createRandom('uuids');
    const ids = Array.from({ length: 200 }, () => random.uuid());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('forks independent generators that do not depend on earlier draws', () => {
    const untouched = createRandom('root').fork('users').uuid();
    const used = createRandom('root');
    used.uuid();
    used.nextFloat();
    expect(used.fork('users').uuid()).toBe(untouched);
    expect(used.fork('products').uuid()).not.toBe(untouched);
  });

  it('picks only from the given items', () => {
    const random = createRandom(1);
    const items = ['x', 'y', 'z'] as const;
    for (let index = 0; index < 50; index += 1) expect(items).toContain(random.pick(items));
    expect(() => random.pick([])).toThrow(RangeError);
  });
});
