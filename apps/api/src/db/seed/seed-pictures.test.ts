import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-data';
import { DEMO_PRODUCT_PICTURES, demoPictureOf, PICTURE_EMOJIS_BY_CATEGORY } from './demo-product-pictures';
import { drawProductImage } from './draw-product-image';
import { loadFluentEmojis, scopedEmojiBody, type EmojiIcon } from './fluent-emoji';

// Every demo product's picture shows that product (demo-product-pictures.ts).

const pictureOf = (title: string) => {
  const picture = demoPictureOf(title);
  if (!picture) throw new Error(`no picture for ${title}`);
  return picture;
};

describe('the demo products’ pictures', () => {
  let emojis: Map<string, EmojiIcon>;

  beforeAll(async () => {
    emojis = await loadFluentEmojis(Object.values(DEMO_PRODUCT_PICTURES).flatMap((picture) => [picture.emoji, ...(picture.accent ? [picture.accent] : [])]));
  });

  it('gives every demo product a picture, and names no product that is not in the demo', () => {
    const titles = DEMO_PRODUCTS.map((product) => product.title);
    expect(titles.filter((title) => !demoPictureOf(title))).toEqual([]);
    expect(Object.keys(DEMO_PRODUCT_PICTURES).filter((title) => !titles.includes(title))).toEqual([]);
  });

  it('uses only emojis that exist in the Fluent Emoji Flat set', () => {
    const used = new Set(Object.values(DEMO_PRODUCT_PICTURES).flatMap((picture) => [picture.emoji, ...(picture.accent ? [picture.accent] : [])]));
    expect([...used].filter((name) => !emojis.has(name))).toEqual([]);
    for (const name of used) expect(emojis.get(name)?.body, name).toMatch(/<path|<circle|<rect|<ellipse/);
    for (const names of Object.values(PICTURE_EMOJIS_BY_CATEGORY)) expect(names.filter((name) => !emojis.has(name))).toEqual([]);
  });

  it('shows each product with an emoji its own category allows (a jacket never a sneaker)', () => {
    expect(Object.keys(PICTURE_EMOJIS_BY_CATEGORY).sort()).toEqual(DEMO_CATEGORIES.map((category) => category.slug).sort());
    const misplaced = DEMO_PRODUCTS.filter((product) => !PICTURE_EMOJIS_BY_CATEGORY[product.category].includes(pictureOf(product.title).emoji)).map(
      (product) => `${product.title}: ${pictureOf(product.title).emoji}`,
    );
    expect(misplaced).toEqual([]);
  });

  it('draws the things the titles name', () => {
    const expectations: Array<[RegExp, string]> = [
      [/\bwatch\b/i, 'watch'],
      [/jacket/i, 'coat'],
      [/headphones|earbuds/i, 'headphone'],
      [/\bmug\b/i, 'hot-beverage'],
      [/sneakers/i, 'running-shoe'],
      [/\bjeans\b/i, 'jeans'],
      [/\bboots\b/i, 'hiking-boot'],
      [/\bcamera\b/i, 'camera'],
      [/\bkeyboard\b/i, 'keyboard'],
      [/\btent\b/i, 'tent'],
      [/daypack/i, 'backpack'],
      [/dumbbell/i, 'person-lifting-weights'],
      [/\bdice\b/i, 'game-die'],
      [/\bpuzzle\b(?!.*console)/i, 'puzzle-piece'],
      [/\bfox\b/i, 'fox'],
      [/\brings\b/i, 'ring'],
    ];
    for (const [pattern, emoji] of expectations) {
      const matching = DEMO_PRODUCTS.filter((product) => pattern.test(product.title));
      expect(matching.length, String(pattern)).toBeGreaterThan(0);
      for (const product of matching) expect(pictureOf(product.title).emoji, product.title).toBe(emoji);
    }
    // What the demo used to show: a field jacket as a sneaker, a dumbbell as a backpack, an action camera
    // as headphones, a table runner as a mug.
    expect(pictureOf('Waxed Cotton Field Jacket').emoji).toBe('coat');
    expect(pictureOf('Adjustable Dumbbell, 5 to 25 lb').emoji).not.toBe('backpack');
    expect(pictureOf('Trailcam 4K Action Camera').emoji).toBe('camera');
    expect(pictureOf('Stonewashed Linen Table Runner').emoji).not.toBe('hot-beverage');
    // Every book is a book, its subject on the accent.
    for (const product of DEMO_PRODUCTS.filter((candidate) => candidate.category === 'books'))
      expect(pictureOf(product.title).accent, product.title).toBeDefined();
  });

  it('draws the emoji itself: the picture changes with the emoji, and a product without one gets the gift box', async () => {
    const spec = { title: 'Test Product', seed: 'same-seed', view: 0 };
    const [watch, tent, giftBox] = await Promise.all([
      drawProductImage({ ...spec, emoji: emojis.get('watch') }),
      drawProductImage({ ...spec, emoji: emojis.get('tent') }),
      drawProductImage(spec),
    ]);
    const pixels = (image: Buffer) => sharp(image).resize(64, 64).raw().toBuffer();
    const [a, b, c] = await Promise.all([pixels(watch.image), pixels(tent.image), pixels(giftBox.image)]);
    const difference = (left: Buffer, right: Buffer) => left.reduce((sum, value, index) => sum + Math.abs(value - (right[index] ?? 0)), 0) / left.length;
    expect(difference(a, b)).toBeGreaterThan(5);
    expect(difference(a, c)).toBeGreaterThan(5);
    expect([watch.width, watch.height]).toEqual([800, 800]);
  });

  it('keeps the ids of two emojis in one picture apart', () => {
    const icon: EmojiIcon = {
      name: 'x',
      body: '<defs><linearGradient id="g1"/></defs><path fill="url(#g1)"/><use href="#g1"/>',
      left: 0,
      top: 0,
      width: 32,
      height: 32,
    };
    expect(scopedEmojiBody(icon, 'accent')).toBe('<defs><linearGradient id="accent-g1"/></defs><path fill="url(#accent-g1)"/><use href="#accent-g1"/>');
  });
});
