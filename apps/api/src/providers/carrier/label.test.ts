import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LABEL_HEIGHT_DOTS, LABEL_WIDTH_DOTS, formatTrackingNumberForPrint, renderShippingLabel, type ShippingLabelInput } from './label';

const input: ShippingLabelInput = {
  shipper: {
    name: 'Sam Seller',
    companyName: 'Acme & Sons <Widgets>',
    line1: '100 Market St',
    city: 'Philadelphia',
    state: 'PA',
    postalCode: '19106',
    countryCode: 'US',
  },
  recipient: { name: 'Bea Buyer', line1: '634 Alpha Dr', line2: 'Apt 5', city: 'Pittsburgh', state: 'PA', postalCode: '15238-2802', countryCode: 'US' },
  trackingNumber: '1Z999AA10123456784',
  serviceDescription: 'UPS Ground',
  weightOunces: 40,
  reference: 'Order 1234abcd',
  shipDate: '2026-11-22',
};

/** The label as one grey level per dot. */
async function dotsOf(gif: Buffer) {
  const { data, info } = await sharp(gif).greyscale().raw().toBuffer({ resolveWithObject: true });
  const row = (y: number) =>
    Array.from(data.subarray(y * info.width * info.channels, (y + 1) * info.width * info.channels)).filter((_, index) => index % info.channels === 0);
  return { data, info, row };
}

function transitionsIn(row: number[]): number {
  let count = 0;
  for (let x = 1; x < row.length; x += 1) if ((row[x - 1] ?? 255) < 128 !== (row[x] ?? 255) < 128) count += 1;
  return count;
}

describe('renderShippingLabel', () => {
  it('makes a 4 × 6 inch GIF at 203 dpi', async () => {
    const gif = await renderShippingLabel(input);
    expect(gif.subarray(0, 6).toString('ascii')).toBe('GIF89a');
    const metadata = await sharp(gif).metadata();
    expect(metadata).toMatchObject({ format: 'gif', width: 812, height: 1218 });
    expect([LABEL_WIDTH_DOTS, LABEL_HEIGHT_DOTS]).toEqual([4 * 203, 6 * 203]);
  });

  it('is pure black on white, and not blank', async () => {
    const { data } = await dotsOf(await renderShippingLabel(input));
    const levels = new Set(data);
    expect([...levels].every((level) => level < 16 || level > 240)).toBe(true);
    const black = data.filter((level) => level < 128).length / data.length;
    expect(black).toBeGreaterThan(0.05);
    expect(black).toBeLessThan(0.5);
  });

  it('carries a Code 128 barcode: rows below the service band cross black and white many times', async () => {
    const { row } = await dotsOf(await renderShippingLabel(input));
    // 18 characters of Code 128 are well over 60 bars and spaces; no line of text comes close.
    const barcodeRows = Array.from({ length: 200 }, (_, index) => 820 + index).filter((y) => transitionsIn(row(y)) >= 60);
    expect(barcodeRows.length).toBeGreaterThan(150);
    // Every one of those rows shows the same bars, so a scanner reads the same code anywhere on them.
    const first = barcodeRows[0] ?? 0;
    expect(row(first + 100)).toEqual(row(first));
  });

  it('scans back to the tracking number and the 420 + ZIP routing code wherever zbarimg is installed (Debian zbar-tools)', async () => {
    const gif = await renderShippingLabel(input);
    const zbarimg = whichZbarimg();
    // The bar-counting test above stands in on machines without a barcode reader.
    if (!zbarimg) return;
    const folder = mkdtempSync(join(tmpdir(), 'label-'));
    try {
      writeFileSync(join(folder, 'label.gif'), gif);
      const decoded = execFileSync(zbarimg, ['-q', '--raw', join(folder, 'label.gif')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(decoded).toEqual(expect.arrayContaining(['1Z999AA10123456784', '42015238']));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('draws a different barcode for a different tracking number', async () => {
    const [a, b] = await Promise.all([renderShippingLabel(input), renderShippingLabel({ ...input, trackingNumber: '1Z12345E0205271688' })]);
    expect((await dotsOf(a)).row(900)).not.toEqual((await dotsOf(b)).row(900));
  });

  it('copes with missing optional lines, odd postal codes and long names', async () => {
    const gif = await renderShippingLabel({
      ...input,
      shipper: { ...input.shipper, companyName: null, line2: undefined },
      recipient: { ...input.recipient, name: 'A very long recipient name that will not fit on one line of the label', postalCode: 'K1A' },
      reference: null,
      packageIndex: 2,
      packageCount: 3,
    });
    expect((await sharp(gif).metadata()).height).toBe(1218);
  });
});

describe('formatTrackingNumberForPrint', () => {
  it('groups a 1Z number as UPS prints it', () => {
    expect(formatTrackingNumberForPrint('1Z999AA10123456784')).toBe('1Z 999 AA1 01 2345 6784');
    expect(formatTrackingNumberForPrint('ABC')).toBe('ABC');
  });
});

function whichZbarimg(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v zbarimg'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
