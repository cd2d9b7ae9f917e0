import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionsFor, correctSpelling, editDistance, formatSearchPrice, parseSearchQuery, searchTermsOf } from './search-query';

describe('parseSearchQuery: price bounds', () => {
  it.each([
    ['leather boots under $60', null, 6000],
    ['boots below 50', null, 5000],
    ['a mug less than $20', null, 2000],
    ['watch over $100', 10_000, null],
    ['more than 40 dollars', 4000, null],
    ['between $20 and $50', 2000, 5000],
    ['between 50 and 20 dollars', 2000, 5000],
    ['$20-$50 candles', 2000, 5000],
    ['$20 to $50', 2000, 5000],
    ['20-50 bucks', 2000, 5000],
    ['around $30', 2400, 3600],
    ['about 45 dollars', 3600, 5400],
    ['headphones $150', null, 15_000],
    ['under $19.99', null, 1999],
  ])('%s → %s..%s cents', (query, min, max) => {
    const parsed = parseSearchQuery(query);
    expect(parsed.minPriceCents).toBe(min);
    expect(parsed.maxPriceCents).toBe(max);
  });

  it('leaves amounts with units alone: a weight or a piece count is not a price', () => {
    expect(parseSearchQuery('tent under 3 lb')).toMatchObject({ maxPriceCents: null, keywords: ['tent', '3', 'lb'] });
    expect(parseSearchQuery('dumbbell 5 to 25 lb')).toMatchObject({ minPriceCents: null, maxPriceCents: null });
    expect(parseSearchQuery('1000-piece puzzle').keywords).toEqual(['1000-piece', 'puzzle']);
  });

  it('shows the bounds as chips', () => {
    expect(parseSearchQuery('under $60').chips).toEqual([{ id: 'max_price:6000', kind: 'max_price', value: '6000', label: 'Under $60' }]);
    expect(parseSearchQuery('between $20 and $50').chips.map((chip) => chip.label)).toEqual(['From $20', 'Up to $50']);
  });
});

describe('parseSearchQuery: sort, condition, category, attributes', () => {
  it.each([
    ['cheapest headphones', 'price_asc'],
    ['lowest price watch', 'price_asc'],
    ['most expensive watch', 'price_desc'],
    ['newest books', 'newest'],
    ['latest gadgets', 'newest'],
    ['best top rated headphones', 'relevance'],
  ] as const)('%s sorts by %s', (query, sort) => {
    expect(parseSearchQuery(query).sort).toBe(sort);
  });

  it.each([
    ['brand new sneakers', 'new'],
    ['new sneakers', 'new'],
    ['like new watch', 'like_new'],
    ['like-new watch', 'like_new'],
    ['used camera', 'used'],
    ['second hand jacket', 'used'],
    ['pre-owned watch', 'used'],
  ] as const)('%s → condition %s', (query, condition) => {
    const parsed = parseSearchQuery(query);
    expect(parsed.condition).toBe(condition);
    expect(parsed.keywords).toHaveLength(1);
  });

  it('maps used to the worn grades', () => {
    expect(conditionsFor('used')).toEqual(['good', 'fair']);
    expect(conditionsFor('like_new')).toEqual(['like_new']);
  });

  it('"newest" is a sort, not the new condition', () => {
    expect(parseSearchQuery('newest jackets')).toMatchObject({ sort: 'newest', condition: null, keywords: ['jackets'] });
  });

  it('reads category names, slugs and synonyms, but keeps product words as keywords', () => {
    expect(parseSearchQuery('electronics under $100').category?.slug).toBe('electronics');
    expect(parseSearchQuery('home & kitchen').category?.slug).toBe('home-kitchen');
    expect(parseSearchQuery('something for the kitchen').category?.slug).toBe('home-kitchen');
    expect(parseSearchQuery('clothes for summer').category?.slug).toBe('fashion');
    expect(parseSearchQuery('skincare gift').category?.slug).toBe('beauty');
    expect(parseSearchQuery('toys-games').category?.slug).toBe('toys-games');
    expect(parseSearchQuery('a watch')).toMatchObject({ category: null, keywords: ['watch'] });
  });

  it('accepts the marketplace’s own categories', () => {
    expect(parseSearchQuery('garden tools', { categories: [{ slug: 'garden-tools', name: 'Garden Tools' }] }).category?.slug).toBe('garden-tools');
  });

  it('reads sizes, colours and materials as attributes that still search', () => {
    const parsed = parseSearchQuery('size 10 black leather sneakers');
    expect(parsed.attributes).toEqual([
      { kind: 'size', value: '10' },
      { kind: 'material', value: 'leather' },
      { kind: 'colour', value: 'black' },
    ]);
    expect(parsed.keywords).toEqual(['black', 'leather', 'sneakers']);
    expect(parsed.chips.map((chip) => chip.label)).toEqual(['Size 10', 'Leather', 'Black']);
    expect(searchTermsOf(parseSearchQuery('cast iron pan')).map((entry) => entry.term)).toEqual(['cast', 'iron', 'pan', 'cast iron']);
  });

  it('drops filler and expands interests into related words', () => {
    const parsed = parseSearchQuery('I am looking for a gift for a coffee lover');
    expect(parsed.keywords).toEqual(['coffee']);
    expect(parsed.relatedTerms).toEqual(['mug', 'french press']);
    expect(searchTermsOf(parsed)).toEqual([
      { term: 'coffee', isRelated: false },
      { term: 'mug', isRelated: true },
      { term: 'french press', isRelated: true },
    ]);
  });

  it('keeps typos as keywords for the fuzzy match', () => {
    expect(parseSearchQuery('lether bots').keywords).toEqual(['lether', 'bots']);
  });
});

describe('parseSearchQuery: removing chips', () => {
  const query = 'used leather boots under $200 fashion cheapest';

  it('ignores a removed chip entirely and keeps the rest', () => {
    const full = parseSearchQuery(query);
    expect(full.chips.map((chip) => chip.id)).toEqual(['max_price:20000', 'category:fashion', 'condition:used', 'attribute:leather', 'sort:price_asc']);
    const without = parseSearchQuery(query, {
      excludedChipIds: ['max_price:20000', 'condition:used', 'attribute:leather', 'category:fashion', 'sort:price_asc'],
    });
    expect(without).toMatchObject({ maxPriceCents: null, condition: null, category: null, sort: 'relevance', attributes: [], chips: [], keywords: ['boots'] });
  });

  it('removes one chip at a time', () => {
    const parsed = parseSearchQuery(query, { excludedChipIds: ['condition:used'] });
    expect(parsed.condition).toBeNull();
    expect(parsed.maxPriceCents).toBe(20_000);
    expect(parsed.chips).toHaveLength(4);
  });
});

describe('parseSearchQuery: recipients, refurbished, two categories, word forms', () => {
  it.each([
    ['gift for her', 'women', 'Her'],
    ['something for dad', 'men', 'Him'],
    ['present for my boyfriend', 'men', 'Him'],
    ['something for my nephew', 'children', 'A child'],
  ] as const)('%s → a gift for %s', (query, intent, label) => {
    const parsed = parseSearchQuery(query);
    expect(parsed.recipient?.intent).toBe(intent);
    expect(parsed.chips).toContainEqual({ id: `recipient:${intent}`, kind: 'recipient', value: intent, label });
    // The person is not a search word.
    expect(parsed.keywords).toEqual([]);
  });

  it('gives the recipient the categories and kinds such gifts come from, and drops them with the chip', () => {
    expect(parseSearchQuery('gift for mom').recipient).toEqual({
      intent: 'women',
      categorySlugs: ['jewelry-watches', 'beauty'],
      kinds: ['jewelry', 'perfume', 'toiletry'],
    });
    expect(parseSearchQuery('watch for dad').keywords).toEqual(['watch']);
    const without = parseSearchQuery('gift for her', { excludedChipIds: ['recipient:women'] });
    expect(without.recipient).toBeNull();
    expect(without.chips).toEqual([]);
  });

  it('reads refurbished and open-box goods as like new', () => {
    expect(parseSearchQuery('refurbished e-reader')).toMatchObject({ condition: 'like_new', keywords: ['e-reader'] });
    expect(parseSearchQuery('open box headphones')).toMatchObject({ condition: 'like_new', keywords: ['headphones'] });
  });

  it('takes the last of two named categories; the first stays a search word', () => {
    const parsed = parseSearchQuery("children's books");
    expect(parsed.category?.slug).toBe('books');
    expect(parsed.keywords).toEqual(['children']);
    expect(parseSearchQuery('toy for a toddler').category?.slug).toBe('toys-games');
  });

  it('recognises an interest in another form of its word when given the forms, and says which words named it', () => {
    expect(parseSearchQuery('something to read').relatedTerms).toEqual([]);
    const parsed = parseSearchQuery('something to read', { relatedForms: (word) => (word === 'read' ? ['reader', 'reading'] : []) });
    expect(parsed.relatedTerms).toEqual(['novel', 'e-reader', 'paperbacks']);
    expect(parsed.interestWords).toEqual(['read']);
  });
});

describe('parseSearchQuery: properties', () => {
  it('never throws, and bounds are ordered and non-negative', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const parsed = parseSearchQuery(text);
        if (parsed.minPriceCents !== null) expect(parsed.minPriceCents).toBeGreaterThanOrEqual(0);
        if (parsed.minPriceCents !== null && parsed.maxPriceCents !== null) expect(parsed.minPriceCents).toBeLessThanOrEqual(parsed.maxPriceCents);
        expect(new Set(parsed.chips.map((chip) => chip.id)).size).toBe(parsed.chips.length);
      }),
    );
  });

  it('formats chip prices without needless cents', () => {
    expect(formatSearchPrice(6000)).toBe('$60');
    expect(formatSearchPrice(1999)).toBe('$19.99');
    expect(formatSearchPrice(123_400)).toBe('$1,234');
  });
});

describe('correctSpelling', () => {
  const vocabulary = new Map([
    ['leather', 3],
    ['boots', 1],
    ['bottle', 2],
    ['headphones', 1],
    ['the', 60],
    ['sunscreen', 1],
  ]);

  it.each([
    ['lether', 'leather'],
    ['bots', 'boots'],
    ['hedphones', 'headphones'],
    ['haedphones', 'headphones'],
    ['sunscren', 'sunscreen'],
  ])('%s → %s', (typo, word) => {
    expect(correctSpelling(typo, vocabulary)).toBe(word);
  });

  it('leaves known, short, numeric and far-off words alone', () => {
    expect(correctSpelling('boots', vocabulary)).toBeNull();
    expect(correctSpelling('teh', vocabulary)).toBeNull();
    expect(correctSpelling('1000s', vocabulary)).toBeNull();
    expect(correctSpelling('submarine', vocabulary)).toBeNull();
  });

  it('never corrects to a stop word, however common', () => {
    // "both" is one edit from "bots" and far more frequent than "boots" in descriptions.
    expect(correctSpelling('bots', new Map([...vocabulary, ['both', 40]]))).toBe('boots');
  });

  it('corrects within a narrower allowance when asked', () => {
    expect(correctSpelling('bots', vocabulary, 1)).toBe('boots');
    expect(correctSpelling('hedphons', vocabulary)).toBe('headphones');
    expect(correctSpelling('hedphons', vocabulary, 1)).toBeNull();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('boost', 'boots')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
