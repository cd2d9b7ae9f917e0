import { describe, expect, it } from 'vitest';
import { pluralise, pluralNoun } from './plural';

describe('pluralise', () => {
  it.each([
    [0, 'order', '0 orders'],
    [1, 'order', '1 order'],
    [2, 'order', '2 orders'],
    [1250, 'result', '1,250 results'],
  ])('%i %s → %s', (count, noun, text) => {
    expect(pluralise(count, noun)).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(pluralise(1, 'category', 'categories')).toBe('1 category');
    expect(pluralise(3, 'category', 'categories')).toBe('3 categories');
  });

  it('never writes "(s)"', () => {
    for (const count of [0, 1, 2, 10]) expect(pluralise(count, 'image')).not.toContain('(s)');
  });
});

describe('pluralNoun', () => {
  it('is the singular for exactly one', () => {
    expect(pluralNoun(1, 'item')).toBe('item');
    expect(pluralNoun(0, 'item')).toBe('items');
    expect(pluralNoun(-1, 'item')).toBe('items');
  });
});

// The rule, enforced: no text in the web app writes "order(s)"; it counts with pluralise instead.
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

describe('the web app', () => {
  it('has no "(s)" plural in any text', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const offending = Object.entries(SOURCES).flatMap(([file, source]) =>
      source
        .split('\n')
        .map((line, index) => ({ line, number: index + 1 }))
        // Comments may mention the habit they forbid.
        .filter(({ line }) => /[a-z]\(s\)/i.test(line) && !/^\s*(\/\/|\/?\*)/.test(line))
        .map(({ line, number }) => `${file}:${number}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
