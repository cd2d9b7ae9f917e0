import { z } from 'zod';
import { shippingAddressSchema } from '@marketplace/contracts/orders';
import type { Address } from '@marketplace/contracts/users';
import { isExpired, parseExpiry } from './card-input';

// What the checkout form checks before paying: the API's own shipping-address rules (so the buyer
// sees a wrong ZIP code or state under the field at once), with the form's wording for the name;
// in the sandbox also the typed card, read from the text the buyer sees ("4242 4242 …", "12 / 28").

export const ADDRESS_LABELS = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State',
  postal_code: 'ZIP code',
  country: 'Country',
} as const;
export type AddressField = keyof typeof ADDRESS_LABELS;
export type CardField = 'number' | 'expiry' | 'cvc';
export type CheckoutFormValues = Record<AddressField | CardField, string>;

export const EMPTY_ADDRESS: Record<AddressField, string> = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: 'US' };
export const EMPTY_CARD: Record<CardField, string> = { number: '', expiry: '', cvc: '' };

export function addressFieldsOf(address: Address): Record<AddressField, string> {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    country: address.country,
  };
}

const addressShape = {
  ...shippingAddressSchema.shape,
  name: z.string().trim().min(1, `${ADDRESS_LABELS.name} is required`).max(100, 'Name must be at most 100 characters'),
};

const sandboxCardShape = {
  number: z
    .string()
    .transform((text) => text.replace(/\D/g, ''))
    .refine((digits) => digits.length >= 12, 'Enter the card number'),
  expiry: z.string().transform((text, context) => {
    const expiry = parseExpiry(text);
    if (!expiry) context.addIssue({ code: 'custom', message: 'Enter the expiry date as MM / YY' });
    else if (isExpired(expiry)) context.addIssue({ code: 'custom', message: 'This card has expired' });
    return expiry ?? { month: 0, year: 0 };
  }),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
};

/** With Stripe the card lives in Stripe's own field, which Stripe checks: only the address is ours. */
export const stripeCheckoutFormSchema = z.object(addressShape);
export const sandboxCheckoutFormSchema = z.object({ ...addressShape, ...sandboxCardShape });

export type CheckoutFormOutput = z.output<typeof stripeCheckoutFormSchema> & Partial<z.output<z.ZodObject<typeof sandboxCardShape>>>;

/** The API's field paths ("shippingAddress.city", "payment.card.expMonth") → the form's fields. */
export function checkoutFieldOf(path: string): AddressField | CardField | undefined {
  const key = path.split('.').at(-1);
  if (key === 'expMonth' || key === 'expYear') return 'expiry';
  if (key === 'number' || key === 'cvc') return key;
  return key !== undefined && key in ADDRESS_LABELS ? (key as AddressField) : undefined;
}
