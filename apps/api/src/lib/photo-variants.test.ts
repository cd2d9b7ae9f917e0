import { describe, expect, it } from 'vitest';
import { photoVariants, widthInside } from './photo-variants';

const urlFor = (key: string) => `/uploads/${key}`;
const photo = (width: number | null, height: number | null, mediumKey: string | null = 'p-medium.webp') => ({
  fileKey: 'p.webp',
  thumbnailKey: 'p-thumb.webp',
  mediumKey,
  width,
  height,
});

describe('photoVariants', () => {
  it('lists a landscape photo in its three sizes, narrowest first', () => {
    expect(photoVariants(photo(1600, 900), urlFor)).toEqual([
      { url: '/uploads/p-thumb.webp', width: 320 },
      { url: '/uploads/p-medium.webp', width: 800 },
      { url: '/uploads/p.webp', width: 1600 },
    ]);
  });

  it('gives a portrait photo the widths its sizes have (the longer side is the height)', () => {
    expect(photoVariants(photo(1200, 1600), urlFor).map((variant) => variant.width)).toEqual([240, 600, 1200]);
    expect(widthInside(1001, 1600, 320)).toBe(200); // 200.2, rounded as sharp does
  });

  it('leaves out a size that is not narrower than the photo, and one still waiting or standing for the photo', () => {
    expect(photoVariants(photo(640, 480, null), urlFor)).toEqual([
      { url: '/uploads/p-thumb.webp', width: 320 },
      { url: '/uploads/p.webp', width: 640 },
    ]);
    expect(photoVariants(photo(300, 200, null), urlFor)).toEqual([{ url: '/uploads/p.webp', width: 300 }]);
    expect(photoVariants(photo(1600, 900, 'p.webp'), urlFor).map((variant) => variant.width)).toEqual([320, 1600]);
    expect(photoVariants(photo(1600, 900, null), urlFor).map((variant) => variant.width)).toEqual([320, 1600]);
  });

  it('is empty when the photo’s size is unknown', () => {
    expect(photoVariants(photo(null, null), urlFor)).toEqual([]);
  });
});
