import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShippingProfile } from '@marketplace/contracts/delivery';
import type { Address } from '@marketplace/contracts/users';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The Shipping profiles section of /seller/settings, against a fake API that keeps the profiles and records
// what it was sent.

const SLOW_FIRST_LOAD = { timeout: 5000 };
const STANDARD_RATE = '$5.99 per order from your shop, free from $50.00';
const STAMP = '2026-01-05T10:00:00.000Z';

const ADDRESS: Address = {
  id: 'address-1',
  name: 'Sam’s Supplies',
  line1: '500 Market St',
  line2: null,
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
  phone: null,
  isDefault: true,
};
const STUDIO = { name: 'Sam’s Studio', line1: '12 Mill St', line2: null, city: 'Oakland', state: 'CA', postal_code: '94607', country: 'US' };

const SMALL_PARCELS: ShippingProfile = {
  id: '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e01',
  name: 'Small parcels',
  handlingDays: { min: 1, max: 3 },
  rate: { type: 'flat', first: 4.5, additional: 1 },
  shipFrom: null,
  box: null,
  isDefault: true,
  listingCount: 12,
  createdAt: STAMP,
  updatedAt: STAMP,
};
const PRINTS: ShippingProfile = {
  ...SMALL_PARCELS,
  id: '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e02',
  name: 'Prints',
  handlingDays: { min: 2, max: 2 },
  rate: { type: 'free', minimumItemsTotal: null },
  shipFrom: STUDIO,
  box: { length: 12, width: 9, height: 4 },
  isDefault: false,
  listingCount: 1,
};
const BOOKS: ShippingProfile = {
  ...SMALL_PARCELS,
  id: '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e03',
  name: 'Books',
  rate: { type: 'free', minimumItemsTotal: 35 },
  isDefault: false,
  listingCount: 0,
};
const FURNITURE: ShippingProfile = {
  ...SMALL_PARCELS,
  id: '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e04',
  name: 'Furniture',
  handlingDays: { min: 5, max: 10 },
  rate: { type: 'calculated', handlingFee: 1.5 },
  isDefault: false,
  listingCount: 3,
};

type Sent = { method: string; path: string; body: unknown };

/** A fake API keeping the seller's profiles; `refuse` answers a write instead of it when it returns a response. */
function fakeApi(initial: ShippingProfile[], refuse: (sent: Sent) => Response | undefined = () => undefined) {
  let profiles = [...initial];
  const sent: Sent[] = [];
  const base = '/api/seller/shipping-profiles';
  const handler: ApiHandler = async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/users/me/addresses') return jsonResponse(200, { addresses: [ADDRESS] });
    if (pathname === base && request.method === 'GET') return jsonResponse(200, { profiles, standardRate: STANDARD_RATE });
    if (!pathname.startsWith(base)) return jsonResponse(404, { error: 'Not found' });
    const body = request.method === 'DELETE' ? null : ((await request.json()) as Record<string, unknown>);
    const write = { method: request.method, path: pathname, body };
    sent.push(write);
    const refusal = refuse(write);
    if (refusal) return refusal;
    const id = pathname.slice(base.length + 1);
    if (request.method === 'DELETE') {
      profiles = profiles.filter((profile) => profile.id !== id);
      return new Response(null, { status: 204 });
    }
    const { isDefault, ...fields } = body as Omit<ShippingProfile, 'id'>;
    const current = profiles.find((profile) => profile.id === id);
    const saved = {
      ...(current ?? { ...SMALL_PARCELS, listingCount: 0 }),
      ...fields,
      id: id || '0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9eff',
      isDefault: profiles.length === 0 || isDefault === true || (current?.isDefault ?? false),
    } as ShippingProfile;
    if (saved.isDefault) profiles = profiles.map((profile) => ({ ...profile, isDefault: false }));
    profiles = id ? profiles.map((profile) => (profile.id === id ? saved : profile)) : [...profiles, saved];
    return jsonResponse(id ? 200 : 201, saved);
  };
  return { handler, sent };
}

type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

async function openSection() {
  return screen.findByRole('region', { name: 'Shipping profiles' }, SLOW_FIRST_LOAD);
}

/** A profile's card: the list item its heading is in. */
function card(section: HTMLElement, name: string): HTMLElement {
  return within(section)
    .getByRole('heading', { level: 3, name: new RegExp(`^${name}`) })
    .closest('li')!;
}

describe('Shipping profiles on /seller/settings', { timeout: timeLimit(30_000) }, () => {
  beforeEach(() => logInAs('seller'));

  it('lists each profile: its rate in words, handling time, where it ships from, its box and how many listings use it', async () => {
    renderApp('/seller/settings', { api: fakeApi([SMALL_PARCELS, PRINTS, BOOKS, FURNITURE]).handler });
    const section = await openSection();
    await within(section).findByRole('heading', { level: 3, name: /^Small parcels/ }, SLOW_FIRST_LOAD);

    const small = card(section, 'Small parcels');
    expect(within(small).getByText('Default')).toBeInTheDocument();
    expect(within(small).getByText('$4.50 first item, $1.00 each additional')).toBeInTheDocument();
    expect(within(small).getByText('Ships in 1–3 business days')).toBeInTheDocument();
    expect(await within(small).findByText('Ships from your default address (San Francisco, CA 94105)')).toBeInTheDocument();
    expect(within(small).getByText('Used by 12 listings')).toBeInTheDocument();
    expect(within(small).queryByRole('button', { name: /Make default/ })).not.toBeInTheDocument();

    const prints = card(section, 'Prints');
    expect(within(prints).queryByText('Default')).not.toBeInTheDocument();
    expect(within(prints).getByText('Free shipping')).toBeInTheDocument();
    expect(within(prints).getByText('Ships in 2 business days')).toBeInTheDocument();
    expect(within(prints).getByText('Ships from Oakland, CA 94607')).toBeInTheDocument();
    expect(within(prints).getByText('Box 12 × 9 × 4 in')).toBeInTheDocument();
    expect(within(prints).getByText('Used by 1 listing')).toBeInTheDocument();
    expect(within(prints).getByRole('button', { name: 'Make default Prints' })).toBeInTheDocument();

    const books = card(section, 'Books');
    expect(within(books).getByText('Free from $35.00 (UPS rate below that)')).toBeInTheDocument();
    expect(within(books).getByText('No listings use it yet')).toBeInTheDocument();
    expect(within(books).queryByText(/^Box/)).not.toBeInTheDocument();

    const furniture = card(section, 'Furniture');
    expect(within(furniture).getByText('UPS Ground rate + $1.50 handling')).toBeInTheDocument();
    expect(within(furniture).getByText('Ships in 5–10 business days')).toBeInTheDocument();
    for (const name of ['Edit Furniture', 'Make default Furniture', 'Delete Furniture'])
      expect(within(furniture).getByRole('button', { name })).toBeInTheDocument();
  });

  it('with no profile, says what the shop charges today, and adds the first one with the body the API takes', async () => {
    const { handler, sent } = fakeApi([]);
    const { user } = renderApp('/seller/settings', { api: handler });
    const section = await openSection();
    expect(await within(section).findByText(`Your shop charges the standard rate today: ${STANDARD_RATE}.`, {}, SLOW_FIRST_LOAD)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add a shipping profile' }));
    const panel = within(section).getByRole('group', { name: 'Add a shipping profile' });
    expect(within(panel).getByLabelText('Profile name')).toHaveFocus();
    // The first profile is the default whatever is asked: no box to tick.
    expect(within(panel).queryByRole('checkbox', { name: /Make this my default/ })).not.toBeInTheDocument();
    expect(within(panel).getByText(/Your first profile is your default/)).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Profile name'), 'Prints');
    await fill(user, within(panel).getByLabelText('From (days)'), '2');
    await fill(user, within(panel).getByLabelText('To (days)'), '4');
    expect(within(panel).getByRole('radio', { name: 'Flat rate' })).toBeChecked();
    await user.click(within(panel).getByRole('radio', { name: 'Free shipping' }));
    expect(within(panel).getByRole('radio', { name: 'Free shipping' })).toHaveAccessibleDescription(/below it, buyers pay the UPS rate/);
    expect(within(panel).queryByLabelText('First item (USD)')).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Free from (USD, optional)'), '35');

    expect(within(panel).getByRole('radio', { name: 'My default address' })).toBeChecked();
    await user.click(within(panel).getByRole('radio', { name: 'Another address' }));
    await user.type(within(panel).getByLabelText('Name'), 'Sam’s Studio');
    await user.type(within(panel).getByLabelText('Address line 1'), '12 Mill St');
    await user.type(within(panel).getByLabelText('City'), 'Oakland');
    // The contract's own rules read the state and the ZIP code as the API would.
    await user.type(within(panel).getByLabelText('State'), 'California');
    await user.type(within(panel).getByLabelText('ZIP code'), '94607');
    await user.type(within(panel).getByLabelText('Length (in)'), '12');
    await user.type(within(panel).getByLabelText('Width (in)'), '9');
    await user.type(within(panel).getByLabelText('Height (in)'), '4');
    await user.click(within(panel).getByRole('button', { name: 'Add profile' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/seller/shipping-profiles',
      body: {
        name: 'Prints',
        handlingDays: { min: 2, max: 4 },
        rate: { type: 'free', minimumItemsTotal: 35 },
        shipFrom: STUDIO,
        box: { length: 12, width: 9, height: 4 },
        isDefault: true,
      },
    });
    expect(await screen.findByText('Shipping profile added')).toBeInTheDocument();
    const prints = await waitFor(() => card(section, 'Prints'));
    expect(within(prints).getByText('Free from $35.00 (UPS rate below that)')).toBeInTheDocument();
    expect(within(prints).getByText('Default')).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: 'Add a shipping profile' })).not.toBeInTheDocument();
  });

  it('checks the form before sending, and shows the API’s refusals beside their fields', async () => {
    const refusal = jsonResponse(400, {
      error: 'Invalid request',
      code: 'validation_failed',
      issues: [
        { path: 'rate.first', message: 'First item must be at most $1,000.00' },
        { path: 'handlingDays.max', message: 'Handling time (to) must be at most 30 business days' },
      ],
    });
    const { handler, sent } = fakeApi([SMALL_PARCELS], (write) => (write.method === 'POST' ? refusal : undefined));
    const { user } = renderApp('/seller/settings', { api: handler });
    const section = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Add a shipping profile' }, SLOW_FIRST_LOAD));
    const panel = within(section).getByRole('group', { name: 'Add a shipping profile' });

    await user.click(within(panel).getByRole('button', { name: 'Add profile' }));
    expect(within(panel).getByLabelText('Profile name')).toHaveAccessibleDescription(/Profile name is required/);
    expect(within(panel).getByLabelText('First item (USD)')).toHaveAccessibleDescription('Enter what the first item costs to ship');
    await waitFor(() => expect(within(panel).getByLabelText('Profile name')).toHaveFocus());

    // The contract's rules, said before anything is sent.
    await user.type(within(panel).getByLabelText('Profile name'), 'Heavy things');
    await user.type(within(panel).getByLabelText('First item (USD)'), '4.555');
    await user.type(within(panel).getByLabelText('Each additional item (USD)'), '0');
    await fill(user, within(panel).getByLabelText('From (days)'), '5');
    await user.type(within(panel).getByLabelText('Length (in)'), '10');
    await user.click(within(panel).getByRole('button', { name: 'Add profile' }));
    expect(within(panel).getByLabelText('First item (USD)')).toHaveAccessibleDescription('First item must be in whole cents (at most 2 decimals)');
    expect(within(panel).getByLabelText('To (days)')).toHaveAccessibleDescription('Handling time (from) cannot be more than handling time (to)');
    expect(within(panel).getByLabelText('Width (in)')).toHaveAccessibleDescription('Enter the box’s width too, or leave all three empty');
    expect(sent).toEqual([]);

    // The API's refusal, beside the fields its issues name.
    await fill(user, within(panel).getByLabelText('First item (USD)'), '4.50');
    await fill(user, within(panel).getByLabelText('To (days)'), '7');
    await user.clear(within(panel).getByLabelText('Length (in)'));
    await user.click(within(panel).getByRole('button', { name: 'Add profile' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: 'Heavy things',
      handlingDays: { min: 5, max: 7 },
      rate: { type: 'flat', first: 4.5, additional: 0 },
      shipFrom: null,
      box: null,
      isDefault: false,
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Some details need fixing');
    expect(within(panel).getByLabelText('First item (USD)')).toHaveAccessibleDescription('First item must be at most $1,000.00');
    expect(within(panel).getByLabelText('To (days)')).toHaveAccessibleDescription('Handling time (to) must be at most 30 business days');
    expect(within(panel).getByLabelText('Profile name')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the API’s 409 when the default cannot be deleted, and deletes another profile after asking', async () => {
    const message = 'Make another profile the default before deleting this one.';
    const { handler, sent } = fakeApi([SMALL_PARCELS, PRINTS], (write) =>
      write.method === 'DELETE' && write.path.endsWith(SMALL_PARCELS.id)
        ? jsonResponse(409, { error: message, code: 'shipping_profile_is_default' })
        : undefined,
    );
    const { user } = renderApp('/seller/settings', { api: handler });
    const section = await openSection();

    await user.click(await within(section).findByRole('button', { name: 'Delete Small parcels' }, SLOW_FIRST_LOAD));
    const refused = screen.getByRole('dialog', { name: 'Delete “Small parcels”?' });
    expect(refused).toHaveTextContent('“Small parcels” is your default profile, used by 12 listings.');
    await user.click(within(refused).getByRole('button', { name: 'Delete profile' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card(section, 'Small parcels')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Delete Prints' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Prints”?' });
    expect(dialog).toHaveTextContent('Its 1 listing will ship with your default profile, “Small parcels”, instead.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete profile' }));
    await waitFor(() => expect(within(section).queryByRole('heading', { name: /^Prints/ })).not.toBeInTheDocument());
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `DELETE /api/seller/shipping-profiles/${SMALL_PARCELS.id}`,
      `DELETE /api/seller/shipping-profiles/${PRINTS.id}`,
    ]);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes another profile the default as it is, and edits one from its saved values', async () => {
    const { handler, sent } = fakeApi([SMALL_PARCELS, PRINTS, FURNITURE]);
    const { user } = renderApp('/seller/settings', { api: handler });
    const section = await openSection();

    await user.click(await within(section).findByRole('button', { name: 'Make default Prints' }, SLOW_FIRST_LOAD));
    await waitFor(() => expect(within(card(section, 'Prints')).getByText('Default')).toBeInTheDocument());
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: `/api/seller/shipping-profiles/${PRINTS.id}`,
      body: {
        name: 'Prints',
        handlingDays: { min: 2, max: 2 },
        rate: { type: 'free', minimumItemsTotal: null },
        shipFrom: STUDIO,
        box: PRINTS.box,
        isDefault: true,
      },
    });
    expect(within(card(section, 'Small parcels')).queryByText('Default')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Edit Furniture' }));
    const panel = within(section).getByRole('group', { name: 'Edit “Furniture”' });
    expect(within(panel).getByLabelText('Profile name')).toHaveValue('Furniture');
    expect(within(panel).getByLabelText('From (days)')).toHaveValue('5');
    expect(within(panel).getByLabelText('To (days)')).toHaveValue('10');
    expect(within(panel).getByRole('radio', { name: 'Calculated by UPS' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'My default address' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /Make this my default/ })).not.toBeChecked();
    await fill(user, within(panel).getByLabelText('Handling fee (USD, optional)'), '2');
    await user.click(within(panel).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      method: 'PUT',
      path: `/api/seller/shipping-profiles/${FURNITURE.id}`,
      body: { name: 'Furniture', handlingDays: { min: 5, max: 10 }, rate: { type: 'calculated', handlingFee: 2 }, shipFrom: null, box: null, isDefault: false },
    });
    expect(await within(card(section, 'Furniture')).findByText('UPS Ground rate + $2.00 handling')).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: 'Edit “Furniture”' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Edit Furniture' })).toHaveFocus();
  });

  it('edits the default profile without unmarking it', async () => {
    const { handler, sent } = fakeApi([SMALL_PARCELS, PRINTS]);
    const { user } = renderApp('/seller/settings', { api: handler });
    const section = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Edit Small parcels' }, SLOW_FIRST_LOAD));
    const panel = within(section).getByRole('group', { name: 'Edit “Small parcels”' });
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(panel).getByText(/This is your default profile/)).toBeInTheDocument();
    expect(within(panel).getByLabelText('First item (USD)')).toHaveValue('4.50');
    await fill(user, within(panel).getByLabelText('Each additional item (USD)'), '0');
    await user.click(within(panel).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: 'Small parcels',
      handlingDays: { min: 1, max: 3 },
      rate: { type: 'flat', first: 4.5, additional: 0 },
      shipFrom: null,
      box: null,
    });
    expect(await within(card(section, 'Small parcels')).findByText('$4.50 first item, additional items free')).toBeInTheDocument();
  });
});
