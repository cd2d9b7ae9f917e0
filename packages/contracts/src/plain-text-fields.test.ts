import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from './auth';
import { createProductRequestSchema, updateProductRequestSchema } from './catalog';
import { CONTROL_CHARACTERS_MESSAGE, LINE_BREAK_MESSAGE } from './common';
import { declineOfferBodySchema, escalateDisputeBodySchema, openDisputeFieldsSchema, resolveDisputeBodySchema, respondDisputeBodySchema } from './disputes';
import { createReviewBodySchema, hideReviewBodySchema, replyToReviewBodySchema, updateReviewBodySchema } from './reviews';
import { createAddressRequestSchema, updateAddressRequestSchema, updateProfileRequestSchema } from './users';
import { createSupportRequestSchema } from './workspace';

// Text a person writes follows one rule (docs/product/validation.md): no control characters but tabs
// and line breaks. Each case puts a bell (U+0007) or an escape (U+001B) into one field of a valid body.

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

const address = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' };
const support = { topic: 'payouts', subject: 'Missing payout', message: 'My payout for order 123 has not arrived.' };
const review = { orderItemId: '00000000-0000-4000-8000-000000000001', rating: 4, title: 'Lovely lamp', body: 'Bright and\n\tsturdy.' };
const dispute = { orderItemId: '00000000-0000-4000-8000-000000000001', reason: 'damaged', description: 'The shade arrived cracked.' };
const signup = {
  email: 'ada@example.com',
  password: 'correct horse battery staple',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'seller',
  companyName: 'Analytical Engines',
};
const listing = { title: 'Brass desk lamp', description: 'Solid brass.\n\tRewired in 2024.', category: 'lighting', price: 45, quantity: 2, condition: 'good' };

const cases: Array<[string, { safeParse(value: unknown): { success: boolean } }, Record<string, unknown>, string]> = [
  ['support subject', createSupportRequestSchema, { ...support, subject: 'Missing\u0007payout' }, 'subject'],
  ['support message', createSupportRequestSchema, { ...support, message: 'My payout \u001b[31mnever came' }, 'message'],
  ['address name', createAddressRequestSchema, { ...address, name: 'Ada\u0007' }, 'name'],
  ['address line 1', createAddressRequestSchema, { ...address, line1: '1 Market\u001bSt' }, 'line1'],
  ['address line 2', createAddressRequestSchema, { ...address, line2: 'Suite\u00075' }, 'line2'],
  ['address city', updateAddressRequestSchema, { city: 'San\u0007Francisco' }, 'city'],
  ['review title', createReviewBodySchema, { ...review, title: 'Lovely\u0007' }, 'title'],
  ['review text', updateReviewBodySchema, { body: 'Bright\u001b' }, 'body'],
  ['review reply', replyToReviewBodySchema, { body: 'Thanks\u0007' }, 'body'],
  ['hide reason', hideReviewBodySchema, { reason: 'Spam\u0007' }, 'reason'],
  ['dispute description', openDisputeFieldsSchema, { ...dispute, description: 'The shade\u0007 arrived cracked.' }, 'description'],
  ['seller statement (contest)', respondDisputeBodySchema, { action: 'contest', statement: 'It left here intact\u001b[0m.' }, 'statement'],
  ['seller statement (offer)', respondDisputeBodySchema, { action: 'offer_refund', amount: 5, statement: 'Sorry\u0007' }, 'statement'],
  ['escalation note', escalateDisputeBodySchema, { note: 'Please\u0007' }, 'note'],
  ['declined offer note', declineOfferBodySchema, { note: 'Too\u0007little' }, 'note'],
  ['decision note', resolveDisputeBodySchema, { outcome: 'reject', note: 'Photos\u0007 show no damage' }, 'note'],
  ['sign-up first name', signupRequestSchema, { ...signup, firstName: 'Ada\u0007' }, 'firstName'],
  ['sign-up last name', signupRequestSchema, { ...signup, lastName: 'Love\u001b[31mlace' }, 'lastName'],
  ['sign-up company name', signupRequestSchema, { ...signup, companyName: 'Analytical\u0007Engines' }, 'companyName'],
  ['profile first name', updateProfileRequestSchema, { firstName: 'Ada\u0008' }, 'firstName'],
  ['profile last name', updateProfileRequestSchema, { lastName: 'Lovelace\u007f' }, 'lastName'],
  ['profile company name', updateProfileRequestSchema, { companyName: 'Engines\u001b' }, 'companyName'],
  ['listing title', createProductRequestSchema, { ...listing, title: 'Brass\u0007 desk lamp' }, 'title'],
  ['listing description', createProductRequestSchema, { ...listing, description: 'Solid\u001b[2J brass.' }, 'description'],
  ['listing add-on name', createProductRequestSchema, { ...listing, retipLabel: 'Gift\u0007wrap', retipPrice: 3 }, 'retipLabel'],
  ['edited listing title', updateProductRequestSchema, { title: 'Brass lamp\u000b' }, 'title'],
  ['edited listing description', updateProductRequestSchema, { description: 'Solid\u0007 brass.' }, 'description'],
];

// Names, titles and a support request's subject are one line: a line break inside is refused (those around the text are trimmed away).
const singleLineCases: Array<[string, { safeParse(value: unknown): { success: boolean } }, Record<string, unknown>, string]> = [
  ['sign-up first name', signupRequestSchema, { ...signup, firstName: 'Ada\nBob' }, 'firstName'],
  ['sign-up last name', signupRequestSchema, { ...signup, lastName: 'Love\r\nlace' }, 'lastName'],
  ['sign-up company name', signupRequestSchema, { ...signup, companyName: 'Analytical\nEngines' }, 'companyName'],
  ['profile first name', updateProfileRequestSchema, { firstName: 'Ada\rBob' }, 'firstName'],
  ['profile company name', updateProfileRequestSchema, { companyName: 'Analytical\nEngines' }, 'companyName'],
  ['listing title', createProductRequestSchema, { ...listing, title: 'Brass\ndesk lamp' }, 'title'],
  ['edited listing title', updateProductRequestSchema, { title: 'Brass\r\ndesk lamp' }, 'title'],
  ['support subject', createSupportRequestSchema, { ...support, subject: 'Missing\npayout' }, 'subject'],
];

describe('free text outside chat', () => {
  it.each(cases)('refuses a control character in the %s', (_name, schema, body, path) => {
    expect(issuesOf(schema.safeParse(body) as never)).toEqual([{ path, message: CONTROL_CHARACTERS_MESSAGE }]);
  });

  it('still takes tabs, line breaks and any letter', () => {
    expect(createSupportRequestSchema.safeParse({ ...support, message: 'Line one\r\nline two\n\tindented — é ✓' }).success).toBe(true);
    expect(createAddressRequestSchema.safeParse({ ...address, name: 'Zoë Ñúñez' }).success).toBe(true);
    expect(createReviewBodySchema.safeParse(review).success).toBe(true);
    expect(openDisputeFieldsSchema.safeParse(dispute).success).toBe(true);
    expect(respondDisputeBodySchema.safeParse({ action: 'contest', statement: 'It left here\nintact.' }).success).toBe(true);
    expect(signupRequestSchema.safeParse({ ...signup, firstName: 'Zoë', lastName: 'Ñúñez-O’Brien' }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ firstName: 'Zoë', companyName: 'Crème & Co.' }).success).toBe(true);
    expect(createProductRequestSchema.safeParse({ ...listing, description: 'Line one\r\nline two\n\tindented — é ✓' }).success).toBe(true);
  });

  it.each(singleLineCases)('refuses a line break inside the %s', (_name, schema, body, path) => {
    expect(issuesOf(schema.safeParse(body) as never)).toEqual([{ path, message: LINE_BREAK_MESSAGE }]);
  });

  it('trims line breaks around a name or a title', () => {
    expect(signupRequestSchema.parse({ ...signup, firstName: '\nAda\r\n' }).firstName).toBe('Ada');
    expect(createProductRequestSchema.parse({ ...listing, title: ' Brass desk lamp\n' }).title).toBe('Brass desk lamp');
  });
});
