import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiGet, launchBrowser, logIn, newPage, waitForPath } from './support/browser';
import { api, ok } from './support/page-api';

// Bulk listing by CSV (docs/product/listings.md "CSV import and export"): the demo seller downloads their listings
// as CSV, keeps the row of a listing of their own in a copy with its price changed, adds a new listing in two sizes
// and a row with a mistake, checks the file (the dry run's table), imports it, and finds the new listing as a draft.
// The demo seller's other listings are left out of the copy: journeys beside this one buy and edit them.

// One browser for the file, closed once its journey is done.
const launched: Promise<Browser> = launchBrowser();
afterAll(async () => (await launched).close());

const suffix = Date.now().toString(36).slice(-5);
const ownTitle = `Ash serving board ${suffix}`;
const newTitle = `Linen apron ${suffix}`;

describe('listings by CSV', () => {
  it('a seller downloads the CSV, imports an edited copy after its dry run, and sees the new listing as a draft', async () => {
    const { context, page } = await newPage(await launched);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, '/seller/product-list');
    // A listing of this journey's own, so the copy changes nothing another journey relies on.
    const own = ok(
      await api<{ id: string }>(page, 'POST', '/api/products', {
        title: ownTitle,
        description: 'Ash, oiled. Made for this journey.',
        category: 'home-kitchen',
        condition: 'new',
        price: 24,
        quantity: 3,
      }),
      'the listing to update',
    );

    await page.getByRole('link', { name: 'Import / export CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import / export CSV' })).toBeVisibleSoon(15_000);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^listings-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parse(await readFile(await download.path()), { bom: true }) as string[][];
    expect(header?.slice(0, 3)).toEqual(['product_id', 'handle', 'title']);
    const ownRow = rows.find((row) => row[0] === own.id);
    expect(ownRow?.[2]).toBe(ownTitle);

    // The copy: the listing's row with a new price, a new listing in two sizes, and a row with a mistake.
    const column = (name: string) => header!.indexOf(name);
    const edited = [...ownRow!];
    edited[column('price')] = '26.50';
    const row = (cells: Record<string, string>) => header!.map((name) => cells[name] ?? '');
    const apron = { handle: 'apron', variation_1_name: 'Size' };
    const copy = [
      header!,
      edited,
      row({
        ...apron,
        title: newTitle,
        description: 'Washed linen, two pockets.',
        category: 'Fashion',
        condition: 'new',
        variation_1_option: 'S',
        price: '32',
        quantity: '4',
      }),
      row({ ...apron, variation_1_option: 'M', price: '34.00', quantity: '2' }),
      row({ title: `Broken row ${suffix}`, description: 'Priced in words.', category: 'fashion', condition: 'new', price: 'twelve', quantity: '1' }),
    ]
      .map((cells) => cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
      .join('\r\n');
    await page.getByLabel('CSV file').setInputFiles({ name: 'listings-edited.csv', mimeType: 'text/csv', buffer: Buffer.from(copy, 'utf8') });
    await page.getByRole('button', { name: 'Check file' }).click();

    const table = page.getByRole('table', { name: 'Check of listings-edited.csv' });
    await expect(table).toBeVisibleSoon(15_000);
    await expect(table.getByRole('row').filter({ hasText: ownTitle }).getByText('Updated')).toBeVisibleSoon();
    await expect(table.getByRole('row').filter({ hasText: 'Size: M' }).getByText('New')).toBeVisibleSoon();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `Broken row ${suffix}` })
        .getByText('price: Price must be a number'),
    ).toBeVisibleSoon();
    await expect(page.getByText('Rows with errors will be skipped')).toBeVisibleSoon();
    // The dry run wrote nothing.
    expect((await apiGet<{ price: number }>(page, `/api/products/${own.id}`)).price).toBe(24);

    await page.getByRole('button', { name: 'Import 2 listings' }).click();
    await expect(page.getByText('Your listings were imported')).toBeVisibleSoon(15_000);
    await expect.poll(async () => (await apiGet<{ price: number }>(page, `/api/products/${own.id}`)).price).toBe(26.5);

    await page.getByRole('link', { name: 'See them in your Product List' }).click();
    await waitForPath(page, '/seller/product-list');
    await page.getByLabel('Search your products').fill(newTitle);
    await page.getByLabel('Search your products').press('Enter');
    const card = page.getByRole('row').filter({ hasText: newTitle });
    await expect(card).toBeVisibleSoon(15_000);
    await expect(card.getByText('Draft')).toBeVisibleSoon();
    await expect(card.getByText('From $32.00')).toBeVisibleSoon();
    expect(await page.getByText(`Broken row ${suffix}`).count()).toBe(0);
    await context.close();
  });
});
