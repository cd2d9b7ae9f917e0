import { describe, expect, it } from 'vitest';
import { uploadSuccessMessage } from './catalog';

// docs/product/errors.md's 'Successfully uploaded N image(s)', with the plural the count needs.
describe('uploadSuccessMessage', () => {
  it.each([
    [1, 'Successfully uploaded 1 image'],
    [2, 'Successfully uploaded 2 images'],
    [10, 'Successfully uploaded 10 images'],
  ])('%i → %s', (count, text) => {
    expect(uploadSuccessMessage(count)).toBe(text);
  });

  it('never shows "(s)"', () => {
    for (let count = 0; count <= 20; count += 1) expect(uploadSuccessMessage(count)).not.toContain('(s)');
  });
});
