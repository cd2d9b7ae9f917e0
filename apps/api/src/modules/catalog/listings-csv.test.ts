import { parse } from 'csv-parse/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTINGS_CSV_COLUMNS } from '@marketplace/contracts/listings-csv';
import { products, productVariants } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import type { UserRecord } from '../users';

// Bulk listing by CSV (docs/product/listings.md "CSV import and export", decision 0044): the export's columns and
// cells, the file read back row by row with the listing API's own rules, and the files refused as a whole.

let testApp: TestApp;
let category: { id: string; slug: string; name: string };
beforeAll(async () => {
  testApp = await buildTestApp();
  category = await createCommerceCategory(testApp.database.db);
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.database.db;
const HEADER = LISTINGS_CSV_COLUMNS.join(',');

async function newSeller(overrides: Parameters<typeof createUser>[1] = {}) {
  const seller = await createUser(db(), { role: 'seller', ...overrides });
  return { seller, authorization: await bearerFor(testApp, seller) };
}

const exportCsv = (authorization: string) => testApp.app.inject({ method: 'GET', url: '/api/seller/products/export.csv', headers: { authorization } });

/** Posts the file as the page does (multipart, field "file"); `asText` sends it as a text field instead. */
function importCsv(authorization: string | null, file: string | Buffer, { dryRun = false, field = 'file', asText = false } = {}) {
  const form = new FormData();
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  if (asText) form.append(field, bytes.toString('utf8'));
  else form.append(field, new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'listings.csv');
  const headers = authorization ? { authorization } : {};
  return testApp.app.inject({ method: 'POST', url: `/api/seller/products/import${dryRun ? '?dryRun=true' : ''}`, headers, payload: form });
}

/** A file of the format's columns: each row's cells by column name, the rest empty. */
function csvOf(rows: Partial<Record<(typeof LISTINGS_CSV_COLUMNS)[number], string>>[]): string {
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return [HEADER, ...rows.map((row) => LISTINGS_CSV_COLUMNS.map((column) => cell(row[column] ?? '')).join(','))].join('\r\n') + '\r\n';
}

const newListingRow = (overrides: Partial<Record<(typeof LISTINGS_CSV_COLUMNS)[number], string>> = {}) => ({
  title: 'Walnut cutting board',
  description: 'End grain, oiled.',
  category: category.slug,
  condition: 'new',
  price: '45.00',
  quantity: '3',
  ...overrides,
});

/** Everything stored about the seller's listings, to compare before and after. */
async function snapshotOf(seller: UserRecord) {
  const listings = await db().select().from(products).where(eq(products.sellerId, seller.id)).orderBy(asc(products.id));
  const ids = listings.map((listing) => listing.id);
  const variants =
    ids.length === 0 ? [] : await db().select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.id));
  return { listings, variants };
}

/** A seller with a plain listing (an add-on, a formula-like title, a description with a comma, quotes and a line break) and a T-shirt in two sizes. */
async function sellerWithListings() {
  const { seller, authorization } = await newSeller();
  const create = async (body: object) => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization },
      payload: { category: category.slug, ...body },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    // The export writes the oldest first: the test's clock stands still unless moved.
    testApp.clock.advance(1000);
    return answer.json() as { id: string };
  };
  const lamp = await create({
    title: '=HYPERLINK("http://evil.example","Lamp")',
    description: 'Brass, "vintage", 1970s\nWorks on 110 V.',
    price: 12.5,
    quantity: 4,
    condition: 'like_new',
    weightOunces: 40,
    retipLabel: 'Gift wrapping',
    retipPrice: 4.99,
  });
  const tee = await create({
    title: 'Organic tee',
    description: 'Heavy cotton.',
    condition: 'new',
    variations: [{ name: 'Size', options: ['S', 'M'] }],
    variants: [
      { options: { Size: 'S' }, price: 18, quantity: 0, sku: '-TEE-S' },
      { options: { Size: 'M' }, price: 21.5, quantity: 4, available: false },
    ],
  });
  return { seller, authorization, lamp, tee };
}

describe('GET /api/seller/products/export.csv', () => {
  it('writes every listing of the seller, one row per variant, in the import’s columns, never a formula', async () => {
    const { authorization, lamp, tee } = await sellerWithListings();
    const { seller: other } = await newSeller();
    const theirs = await createListing(db(), { sellerId: other.id, categoryId: category.id, title: 'Not yours' });
    const answer = await exportCsv(authorization);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="listings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.body.startsWith('\uFEFF' + HEADER + '\r\n')).toBe(true);
    // The cells as a spreadsheet writes them: quoted when they hold a comma, a quote or a line break; a formula prefixed.
    expect(answer.body).toContain('"\'=HYPERLINK(""http://evil.example"",""Lamp"")"');
    expect(answer.body).toContain('"Brass, ""vintage"", 1970s\nWorks on 110 V."');
    expect(answer.body).toContain(",'-TEE-S,");
    expect(answer.body).not.toContain(theirs.id);

    const [header, ...rows] = parse(answer.body, { bom: true }) as string[][];
    expect(header).toEqual([...LISTINGS_CSV_COLUMNS]);
    const byColumn = rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]])));
    expect(byColumn).toEqual([
      {
        product_id: lamp.id,
        handle: '',
        title: '\'=HYPERLINK("http://evil.example","Lamp")',
        description: 'Brass, "vintage", 1970s\nWorks on 110 V.',
        category: category.slug,
        condition: 'like_new',
        price: '12.50',
        quantity: '4',
        weight_oz: '40',
        addon_name: 'Gift wrapping',
        addon_price: '4.99',
        variation_1_name: '',
        variation_1_option: '',
        variation_2_name: '',
        variation_2_option: '',
        sku: '',
        available: '',
      },
      expect.objectContaining({
        product_id: tee.id,
        title: 'Organic tee',
        price: '18.00',
        quantity: '0',
        variation_1_name: 'Size',
        variation_1_option: 'S',
        sku: "'-TEE-S",
        available: 'yes',
      }),
      // A listing's own fields are on its first row only; its id and variation names on every row.
      expect.objectContaining({
        product_id: tee.id,
        title: '',
        description: '',
        price: '21.50',
        quantity: '4',
        variation_1_name: 'Size',
        variation_1_option: 'M',
        sku: '',
        available: 'no',
      }),
    ]);
  });

  it('is for sellers only', async () => {
    const buyer = await bearerFor(testApp, await createUser(db()));
    const admin = await bearerFor(testApp, await createUser(db(), { role: 'admin' }));
    expect((await exportCsv(buyer)).statusCode).toBe(403);
    expect((await exportCsv(admin)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/seller/products/export.csv' })).statusCode).toBe(401);
  });
});

describe('POST /api/seller/products/import', () => {
  it('reads back its own export unchanged: every row "unchanged", nothing written', async () => {
    const { seller, authorization } = await sellerWithListings();
    const before = await snapshotOf(seller);
    const file = (await exportCsv(authorization)).rawPayload;
    testApp.clock.advance(60_000);
    const answer = await importCsv(authorization, file);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    expect(result.listings).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(result.rows.map((row: { row: number; status: string }) => [row.row, row.status])).toEqual([
      [2, 'unchanged'],
      [3, 'unchanged'],
      [4, 'unchanged'],
    ]);
    expect(result.rows[2]).toMatchObject({ title: 'Organic tee', variant: 'Size: M' });
    expect(await snapshotOf(seller)).toEqual(before);
  });

  it('creates, updates and refuses row by row, naming the column; a refused row changes nothing', async () => {
    const { seller, authorization, lamp } = await sellerWithListings();
    const file = csvOf([
      newListingRow({ title: 'Maple board', price: '1,234.5', quantity: '2', weight_oz: '', addon_name: '', addon_price: '' }),
      {
        product_id: lamp.id,
        ...newListingRow({ title: 'Brass lamp', price: '19.99', quantity: '', condition: 'Like new', addon_name: 'Gift wrapping', addon_price: '4.99' }),
      },
      newListingRow({ title: 'Oak board', price: 'twelve' }),
      newListingRow({ title: 'Ash board', condition: 'mint', price: '12.345' }),
      newListingRow({ title: 'Elm board', category: 'No such category' }),
    ]);
    const answer = await importCsv(authorization, file);
    expect(answer.statusCode, answer.body).toBe(200);
    const { rows, listings } = answer.json();
    expect(listings).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 3 });
    expect(rows[0]).toMatchObject({ row: 2, status: 'created', title: 'Maple board', productId: expect.any(String) });
    expect(rows[1]).toEqual({ row: 3, status: 'updated', productId: lamp.id, title: 'Brass lamp' });
    expect(rows[2]).toEqual({ row: 4, status: 'error', title: 'Oak board', errors: [{ column: 'price', reason: 'Price must be a number' }] });
    expect(rows[3]).toMatchObject({
      row: 5,
      status: 'error',
      errors: expect.arrayContaining([
        { column: 'condition', reason: 'Condition must be new, like_new, good or fair' },
        { column: 'price', reason: 'Price must be in whole cents (at most 2 decimals)' },
      ]),
    });
    expect(rows[4]).toMatchObject({ row: 6, status: 'error', errors: [{ column: 'category', reason: 'Choose one of the listed categories' }] });

    const stored = await snapshotOf(seller);
    expect(stored.listings.map((listing) => listing.title).sort()).toEqual(['Brass lamp', 'Maple board', 'Organic tee']);
    // Dollars read exactly as cents; an empty stock keeps the stock the listing has; the weight defaults as in the form.
    expect(stored.listings.find((listing) => listing.title === 'Maple board')).toMatchObject({ priceCents: 123450, quantity: 2, weightOunces: 16 });
    expect(stored.listings.find((listing) => listing.id === lamp.id)).toMatchObject({ priceCents: 1999, quantity: 4, condition: 'like_new' });
  });

  it('makes new listings drafts until they have a photo, grouping a new listing’s variants by handle', async () => {
    const { seller, authorization } = await newSeller();
    const tee = { handle: 'tee', title: 'Linen shirt', description: 'Washed linen.', category: category.name.toUpperCase(), condition: 'new' };
    const answer = await importCsv(
      authorization,
      csvOf([
        { ...tee, variation_1_name: 'Size', variation_1_option: 'S', price: '30', quantity: '2', sku: 'LS-S' },
        { handle: 'TEE', variation_1_name: 'Size', variation_1_option: 'M', price: '32.50', quantity: '1', available: 'no' },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().rows;
    expect(rows).toMatchObject([
      { row: 2, status: 'created', variant: 'Size: S' },
      { row: 3, status: 'created', variant: 'Size: M' },
    ]);
    expect(rows[0].productId).toBe(rows[1].productId);
    const listing = await testApp.app.inject({ method: 'GET', url: `/api/products/${rows[0].productId}`, headers: { authorization } });
    expect(listing.json()).toMatchObject({
      status: 'hidden',
      isDraft: true,
      price: 30,
      quantity: 2,
      variations: [{ name: 'Size', options: ['S', 'M'] }],
      variants: [
        { label: 'Size: S', price: 30, quantity: 2, sku: 'LS-S', available: true },
        { label: 'Size: M', price: 32.5, quantity: 1, sku: null, available: false },
      ],
    });
    // A guest does not see a draft.
    expect((await testApp.app.inject({ method: 'GET', url: `/api/products/${rows[0].productId}` })).statusCode).toBe(404);
    expect((await snapshotOf(seller)).listings).toHaveLength(1);
  });

  it('refuses all the rows of a listing together when one of them is wrong', async () => {
    const { seller, authorization } = await newSeller();
    const answer = await importCsv(
      authorization,
      csvOf([
        {
          handle: 'mug',
          ...newListingRow({ title: 'Stoneware mug', price: '', quantity: '' }),
          variation_1_name: 'Colour',
          variation_1_option: 'Blue',
          price: '14',
          quantity: '3',
        },
        { handle: 'mug', variation_1_name: 'Colour', variation_1_option: 'Green', price: '-1', quantity: '3' },
        { handle: 'mug', variation_1_name: 'Colour', variation_1_option: 'Blue', price: '15', quantity: '1' },
        newListingRow({ title: 'Teapot' }),
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const { rows } = answer.json();
    expect(rows.slice(0, 3)).toEqual([
      {
        row: 2,
        status: 'error',
        title: 'Stoneware mug',
        variant: 'Colour: Blue',
        errors: [{ column: null, reason: expect.stringContaining('Row 3 of this listing has an error') }],
      },
      { row: 3, status: 'error', title: 'Stoneware mug', variant: 'Colour: Green', errors: [{ column: 'price', reason: 'Price must be at least $0.01' }] },
      {
        row: 4,
        status: 'error',
        title: 'Stoneware mug',
        variant: 'Colour: Blue',
        errors: [{ column: 'variation_1_option', reason: 'Colour: Blue is listed twice' }],
      },
    ]);
    expect(rows[3]).toMatchObject({ row: 5, status: 'created' });
    expect((await snapshotOf(seller)).listings.map((listing) => listing.title)).toEqual(['Teapot']);
  });

  it('edits a listing’s variants as the form does: kept combinations keep their id (and, left empty, their stock), new ones are added, others deleted', async () => {
    const { authorization, tee, lamp } = await sellerWithListings();
    const before = (await testApp.app.inject({ method: 'GET', url: `/api/products/${tee.id}`, headers: { authorization } })).json();
    const variant = { product_id: tee.id, variation_1_name: 'Size' };
    const answer = await importCsv(
      authorization,
      csvOf([
        {
          ...variant,
          title: 'Organic tee',
          description: 'Heavy cotton.',
          category: category.slug,
          condition: 'new',
          variation_1_option: 'M',
          price: '22.00',
          quantity: '',
          available: 'yes',
        },
        { ...variant, variation_1_option: 'L', price: '23.00', quantity: '5', sku: 'TEE-L' },
        // The lamp loses its add-on and gets variations: its own price and stock are now its variants'.
        {
          product_id: lamp.id,
          ...newListingRow({ title: 'Brass lamp', condition: 'like_new' }),
          variation_1_name: 'Finish',
          variation_1_option: 'Matte',
          price: '30',
          quantity: '2',
        },
        { product_id: lamp.id, variation_1_name: 'Finish', variation_1_option: 'Shiny', price: '35', quantity: '1', available: 'no' },
        // A new combination without its stock is refused, as in the form.
        { product_id: 'd9b5c0a2-52a4-4c4e-9d1c-1f3f5b2a7c10', title: 'Ghost' },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().listings).toEqual({ created: 0, updated: 2, unchanged: 0, failed: 1 });
    const after = (await testApp.app.inject({ method: 'GET', url: `/api/products/${tee.id}`, headers: { authorization } })).json();
    const m = before.variants.find((candidate: { label: string }) => candidate.label === 'Size: M');
    expect(after.variations).toEqual([{ name: 'Size', options: ['M', 'L'] }]);
    expect(after.variants).toEqual([
      { id: m.id, options: { Size: 'M' }, label: 'Size: M', price: 22, quantity: 4, sku: null, available: true, imageId: null },
      { id: expect.any(String), options: { Size: 'L' }, label: 'Size: L', price: 23, quantity: 5, sku: 'TEE-L', available: true, imageId: null },
    ]);
    expect(after).toMatchObject({ price: 22, quantity: 9, hasVariants: true });
    const lampAfter = (await testApp.app.inject({ method: 'GET', url: `/api/products/${lamp.id}`, headers: { authorization } })).json();
    expect(lampAfter).toMatchObject({ title: 'Brass lamp', retip: null, price: 30, quantity: 2, hasVariants: true, weightOunces: 40 });

    // A file may leave columns out: those fields stay as they are.
    const newCombination = await importCsv(
      authorization,
      `product_id,variation_1_name,variation_1_option,price,quantity\r\n${tee.id},Size,M,22.00,\r\n${tee.id},Size,XL,25.00,\r\n`,
    );
    expect(newCombination.json().rows).toMatchObject([
      { row: 2, status: 'error', errors: [{ column: null, reason: expect.stringContaining('Row 3 of this listing has an error') }] },
      { row: 3, status: 'error', errors: [{ column: 'quantity', reason: 'Give Size: XL its stock: it is a new combination' }] },
    ]);
  });

  it('refuses another seller’s listing id and leaves that listing alone', async () => {
    const { authorization } = await newSeller();
    const { seller: other } = await newSeller();
    const theirs = await createListing(db(), { sellerId: other.id, categoryId: category.id, title: 'Their lamp', priceCents: 5000 });
    const answer = await importCsv(
      authorization,
      csvOf([
        { product_id: theirs.id, ...newListingRow({ title: 'Taken over' }) },
        { product_id: 'not-an-id', ...newListingRow() },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rows).toMatchObject([
      { row: 2, status: 'error', errors: [{ column: 'product_id', reason: expect.stringContaining('No listing of yours has this id') }] },
      { row: 3, status: 'error', errors: [{ column: 'product_id', reason: expect.stringContaining('No listing of yours has this id') }] },
    ]);
    expect(answer.json().rows[0].productId).toBeUndefined();
    const [after] = await db().select().from(products).where(eq(products.id, theirs.id));
    expect(after).toMatchObject({ title: 'Their lamp', priceCents: 5000, sellerId: other.id });
  });

  it('writes nothing on a dry run, and answers what would happen', async () => {
    const { seller, authorization, lamp } = await sellerWithListings();
    const before = await snapshotOf(seller);
    const file = csvOf([newListingRow({ title: 'Cherry board' }), { product_id: lamp.id, ...newListingRow({ title: 'Brass lamp' }) }]);
    const answer = await importCsv(authorization, file, { dryRun: true });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      dryRun: true,
      listings: { created: 1, updated: 1, unchanged: 0, failed: 0 },
      rows: [
        { row: 2, status: 'created', title: 'Cherry board' },
        { row: 3, status: 'updated', productId: lamp.id },
      ],
    });
    expect(answer.json().rows[0].productId).toBeUndefined();
    expect(await snapshotOf(seller)).toEqual(before);
  });

  it('tolerates a byte-order mark, headers in any case and order, and quoted cells with commas, quotes and line breaks', async () => {
    const { seller, authorization } = await newSeller();
    const file = `\uFEFFTitle,PRICE,Quantity,Description,Category,Condition\r\n"Board, ""large""",20,1,"Line one\nline two, with a comma",${category.slug},good\r\n\r\n`;
    const answer = await importCsv(authorization, file);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rows).toMatchObject([{ row: 2, status: 'created' }]);
    const [stored] = (await snapshotOf(seller)).listings;
    expect(stored).toMatchObject({
      title: 'Board, "large"',
      description: 'Line one\nline two, with a comma',
      priceCents: 2000,
      condition: 'good',
      isDraft: true,
    });
  });

  it('refuses files it cannot read as a whole with 400 and a code, applying nothing', async () => {
    const { seller, authorization } = await newSeller();
    const refusal = async (file: string | Buffer, code: string, options?: Parameters<typeof importCsv>[2]) => {
      const answer = await importCsv(authorization, file, options);
      expect(answer.statusCode, answer.body).toBe(code === 'csv_too_large' ? 413 : 400);
      expect(answer.json()).toMatchObject({ code, error: expect.any(String) });
      return answer.json().error as string;
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(await refusal(png, 'csv_unreadable')).toContain('not UTF-8 text');
    expect(await refusal(`${HEADER}\r\n"unclosed,quote\r\n`, 'csv_unreadable')).toContain('never closed');
    expect(await refusal('title,colour\r\nBoard,red\r\n', 'csv_bad_header')).toContain('Unknown column "colour"');
    expect(await refusal('title;price\r\nBoard;12\r\n', 'csv_bad_header')).toContain('separated by commas');
    expect(await refusal('title,Title\r\nBoard,Board\r\n', 'csv_bad_header')).toContain('named twice');
    expect(await refusal(`${HEADER}\r\n`, 'csv_empty')).toContain('no listings');
    const tooMany = csvOf(Array.from({ length: 5001 }, (_, index) => newListingRow({ title: `Board ${index}` })));
    expect(await refusal(tooMany, 'csv_too_many_rows')).toContain('at most 5,000');
    expect(await refusal(`${HEADER}\r\n`, 'csv_file_missing', { field: 'note', asText: true })).toContain('Choose a CSV file');
    expect(await refusal(`${HEADER}\r\n`, 'wrong_field', { field: 'files' })).toContain('in the "file" field');
    expect(await refusal(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'csv_too_large')).toContain('larger than 10 MB');
    expect((await snapshotOf(seller)).listings).toEqual([]);
  });

  it('is for sellers only', async () => {
    const file = csvOf([newListingRow()]);
    const buyer = await bearerFor(testApp, await createUser(db()));
    const admin = await bearerFor(testApp, await createUser(db(), { role: 'admin' }));
    expect((await importCsv(buyer, file)).statusCode).toBe(403);
    expect((await importCsv(admin, file)).statusCode).toBe(403);
    expect((await importCsv(null, file)).statusCode).toBe(401);
  });

  it('refuses new listings of a seller whose address is not verified, as the form does', async () => {
    const { seller, authorization } = await newSeller({ emailVerifiedAt: null });
    const answer = await importCsv(authorization, csvOf([newListingRow()]));
    expect(answer.json().rows).toMatchObject([
      { row: 2, status: 'error', errors: [{ column: null, reason: expect.stringContaining('Verify your e-mail address') }] },
    ]);
    expect((await snapshotOf(seller)).listings).toEqual([]);
  });
});
