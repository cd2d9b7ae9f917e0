import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from './auth';
import { createProductRequestSchema, updateProductRequestSchema } from './catalog';
import { hiddenCharactersMessage, noVisibleCharacterMessage } from './common';
import { shippingAddressSchema } from './orders';
import { createAddressRequestSchema, updateAddressRequestSchema, updateProfileRequestSchema } from './users';

// Every name follows one rule (docs/product/validation.md, "Names"): no hidden formatting characters
// (text-direction controls, zero-width spaces…) and at least one character that shows. Each case puts a
// name into one field of an otherwise valid body.

interface Parses {
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } };
}

const signup = {
  email: 'ada@example.com',
  password: 'correct horse battery staple',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'seller',
  companyName: 'Analytical Engines',
};
const listing = { title: 'Brass desk lamp', description: 'Solid brass.', category: 'lighting', price: 45, quantity: 2, condition: 'good' };
const address = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' };
const shipping = { ...address, country: 'US' };

/** [field, schema, label, a valid body with the name put in] */
const NAME_FIELDS: Array<[string, Parses, string, (name: string) => Record<string, unknown>]> = [
  ['sign-up first name', signupRequestSchema, 'First name', (name) => ({ ...signup, firstName: name })],
  ['sign-up last name', signupRequestSchema, 'Last name', (name) => ({ ...signup, lastName: name })],
  ['sign-up company name', signupRequestSchema, 'Company name', (name) => ({ ...signup, companyName: name })],
  ['profile first name', updateProfileRequestSchema, 'First name', (name) => ({ firstName: name })],
  ['profile last name', updateProfileRequestSchema, 'Last name', (name) => ({ lastName: name })],
  ['profile company name', updateProfileRequestSchema, 'Company name', (name) => ({ companyName: name })],
  ['listing title', createProductRequestSchema, 'Title', (name) => ({ ...listing, title: name })],
  ['edited listing title', updateProductRequestSchema, 'Title', (name) => ({ title: name })],
  ['listing add-on name', createProductRequestSchema, 'Add-on name', (name) => ({ ...listing, retipLabel: name, retipPrice: 3 })],
  ['edited add-on name', updateProductRequestSchema, 'Add-on name', (name) => ({ retipLabel: name, retipPrice: 3 })],
  ['address name', createAddressRequestSchema, 'Name', (name) => ({ ...address, name })],
  ['edited address name', updateAddressRequestSchema, 'Name', (name) => ({ name })],
  ['checkout address name', shippingAddressSchema, 'Name', (name) => ({ ...shipping, name })],
];

const messagesOf = (schema: Parses, body: Record<string, unknown>, field: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
const fieldOf = (body: Record<string, unknown>, name: string) => Object.keys(body).find((key) => body[key] === name)!;

describe.each(NAME_FIELDS)('the %s', (_field, schema, label, withName) => {
  const refusal = (name: string) => {
    const body = withName(name);
    return messagesOf(schema, body, fieldOf(body, name))[0];
  };

  it.each([
    ['zero-width characters only', '\u200b\u2060\ufeff'],
    ['zero-width characters around spaces', '\u200b \u200b \u200b'],
    ['a Hangul filler', '\u3164\u3164\u3164'],
    ['the blank braille pattern', '\u2800\u2800\u2800'],
  ])('refuses %s, which shows nothing', (_case, name) => {
    expect(refusal(name)).toBeDefined();
    expect(schema.safeParse(withName(name)).success).toBe(false);
    if (!/[\u200b\u2060\ufeff]/.test(name)) expect(refusal(name)).toBe(noVisibleCharacterMessage(label));
  });

  it.each([
    ['a right-to-left override', 'Lamp \u202eeslaf'],
    ['a left-to-right embedding', '\u202aBrass lamp'],
    ['an isolate', 'Brass \u2066lamp\u2069'],
    ['a zero-width space inside', 'Brass\u200blamp'],
    ['a word joiner', 'Brass\u2060lamp'],
    ['a soft hyphen', 'Brass\u00adlamp'],
    ['a tab inside', 'Brass\tlamp'],
  ])('refuses %s', (_case, name) => {
    expect(refusal(name)).toBe(hiddenCharactersMessage(label));
  });

  it.each([['Zoë Ñúñez-O’Brien'], ['北風 アウトフィッターズ'], ['شركة الرياح'], ['می\u200cخواهم'], ['Chef 👩\u200d🍳'], ['Brass\u00a0lamp & Co.']])(
    'takes %s',
    (name) => {
      expect(schema.safeParse(withName(name)).error?.issues ?? []).toEqual([]);
    },
  );
});
