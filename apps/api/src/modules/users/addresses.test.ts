import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

let address = 0;
const tokenOfNewUser = async () => {
  const user = await createUser(testApp.database.db);
  address += 1;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: FACTORY_PASSWORD },
    remoteAddress: `10.30.0.${address}`,
  });
  return `Bearer ${response.json().token}`;
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization?: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
const list = async (token: string) =>
  (await call('GET', '/api/users/me/addresses', token)).json().addresses as Array<{ id: string; name: string; isDefault: boolean }>;

const home = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' };
const URL = '/api/users/me/addresses';
/** Creates an address a second after the previous one, so "oldest" and "newest" are well defined. */
const create = async (token: string, payload: object) => {
  testApp.clock.advance(1000);
  return call('POST', URL, token, payload);
};

describe('address book', () => {
  it('starts empty, and the first address becomes the default with country US', async () => {
    const token = await tokenOfNewUser();
    expect(await list(token)).toEqual([]);
    const response = await call('POST', URL, token, { ...home, isDefault: false });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      ...home,
      line2: null,
      country: 'US',
      phone: null,
      isDefault: true,
    });
  });

  it('reads state, ZIP code and country the way people type them and stores them one way', async () => {
    const token = await tokenOfNewUser();
    const response = await call('POST', URL, token, {
      ...home,
      state: 'new york',
      postal_code: '100011234',
      country: 'United States',
      line2: ' Apt 4 ',
      phone: '+1 212 555 0100',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ state: 'NY', postal_code: '10001-1234', country: 'US', line2: 'Apt 4', phone: '+1 212 555 0100' });
  });

  it('keeps one default: a new default unsets the old one, and deleting the default passes it on', async () => {
    const token = await tokenOfNewUser();
    const first = (await create(token, { ...home, name: 'First' })).json();
    const second = (await create(token, { ...home, name: 'Second' })).json();
    expect(second.isDefault).toBe(false);
    const third = (await create(token, { ...home, name: 'Third', isDefault: true })).json();
    expect(third.isDefault).toBe(true);
    let addresses = await list(token);
    expect(addresses.filter((entry) => entry.isDefault).map((entry) => entry.name)).toEqual(['Third']);
    expect(addresses.map((entry) => entry.name)).toEqual(['Third', 'Second', 'First']);

    const promoted = await call('PUT', `${URL}/${second.id}`, token, { isDefault: true });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: second.id, isDefault: true, name: 'Second' });
    addresses = await list(token);
    expect(addresses.filter((entry) => entry.isDefault).map((entry) => entry.id)).toEqual([second.id]);

    // Unsetting the only default is ignored: there is always a default while there are addresses.
    expect((await call('PUT', `${URL}/${second.id}`, token, { isDefault: false })).json().isDefault).toBe(true);

    expect((await call('DELETE', `${URL}/${second.id}`, token)).statusCode).toBe(204);
    addresses = await list(token);
    expect(addresses.map((entry) => [entry.id, entry.isDefault])).toEqual([
      [first.id, true],
      [third.id, false],
    ]);
  });

  it('updates only the fields sent and clears line 2 with an empty string', async () => {
    const token = await tokenOfNewUser();
    const created = (await call('POST', URL, token, { ...home, line2: 'Suite 5' })).json();
    const response = await call('PUT', `${URL}/${created.id}`, token, { city: 'Oakland', postal_code: '94612', line2: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, city: 'Oakland', postal_code: '94612', line2: null });
  });

  it("answers 404 for another user's address, and leaves it untouched", async () => {
    const owner = await tokenOfNewUser();
    const stranger = await tokenOfNewUser();
    const created = (await call('POST', URL, owner, home)).json();
    expect((await call('PUT', `${URL}/${created.id}`, stranger, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('PUT', `${URL}/${created.id}`, stranger, { isDefault: true })).statusCode).toBe(404);
    const deleted = await call('DELETE', `${URL}/${created.id}`, stranger);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ error: 'Address not found', code: 'not_found' });
    expect(await list(stranger)).toEqual([]);
    expect(await list(owner)).toEqual([created]);
    expect((await call('DELETE', `${URL}/00000000-0000-0000-0000-000000000000`, owner)).statusCode).toBe(404);
  });

  it('answers 400 with helpful issues for bad input', async () => {
    const token = await tokenOfNewUser();
    const cases: Array<[object, string, string?]> = [
      [{ ...home, state: 'Ontario' }, 'state', 'Enter a US state, e.g. CA or California'],
      [{ ...home, postal_code: '9410' }, 'postal_code', 'Enter a 5-digit ZIP code, e.g. 94107 or 94107-1234'],
      [{ ...home, country: 'Canada' }, 'country', 'We ship within the United States only for now'],
      [{ ...home, name: '  ' }, 'name', 'Name is required'],
      [{ ...home, phone: 'nope' }, 'phone'],
      [{ ...home, isDefault: 'yes' }, 'isDefault'],
      [{ name: 'Only a name' }, 'line1'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await call('POST', URL, token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const issue = response.json().issues.find((entry: { path: string }) => entry.path === path);
      expect(issue, JSON.stringify(response.json())).toBeDefined();
      if (message) expect(issue.message).toBe(message);
    }
    const created = (await call('POST', URL, token, home)).json();
    const badUpdate = await call('PUT', `${URL}/${created.id}`, token, { postal_code: 'ABCDE' });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().issues[0].path).toBe('postal_code');
    expect((await call('PUT', `${URL}/not-an-id`, token, { city: 'X' })).statusCode).toBe(400);
    expect((await call('DELETE', `${URL}/not-an-id`, token)).statusCode).toBe(400);
  });

  it('holds at most 20 addresses, even added in parallel: the rest answer 409 address_limit (docs/product/limits.md)', async () => {
    const token = await tokenOfNewUser();
    const answers = await Promise.all(Array.from({ length: 26 }, (_, index) => call('POST', URL, token, { ...home, name: `Place ${index}` })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(6);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: 'An address book holds at most 20 addresses; delete one to add another', code: 'address_limit', limit: 20 });
    }
    const book = await list(token);
    expect(book).toHaveLength(20);
    expect(book.filter((entry) => entry.isDefault)).toHaveLength(1);
    // Deleting one frees a place.
    expect((await call('DELETE', `${URL}/${book[5]!.id}`, token)).statusCode).toBe(204);
    expect((await create(token, home)).statusCode).toBe(201);
    expect((await create(token, home)).statusCode).toBe(409);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', URL)).statusCode).toBe(401);
    expect((await call('POST', URL, undefined, home)).statusCode).toBe(401);
    expect((await call('PUT', `${URL}/00000000-0000-0000-0000-000000000000`, undefined, { city: 'X' })).statusCode).toBe(401);
    expect((await call('DELETE', `${URL}/00000000-0000-0000-0000-000000000000`)).statusCode).toBe(401);
  });
});
