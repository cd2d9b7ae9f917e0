// Personalisation and gift notes (docs/product/listings.md "Personalisation", docs/product/checkout.md "Gifts"):
// the limits and the one rule for what a buyer's text must be, shared by the API, its contracts and the screens.

/** The longest personalisation a listing may ask for, and the default when its seller names none. */
export const MAX_PERSONALIZATION_LENGTH = 1024;
export const DEFAULT_PERSONALIZATION_LENGTH = 256;
/** The longest instructions a seller may give for it. */
export const MAX_PERSONALIZATION_INSTRUCTIONS_LENGTH = 500;
/** The longest gift message a buyer may write for one shop's part of an order. */
export const MAX_GIFT_MESSAGE_LENGTH = 500;

/** What a listing asks of its buyers: whether they must write something, what, and how much at most. */
export interface PersonalizationSetting {
  required: boolean;
  instructions: string;
  maxLength: number;
}

export type PersonalizationProblem = { code: 'personalization_required' | 'personalization_too_long' | 'personalization_not_offered'; message: string };

export const PERSONALIZATION_MESSAGES = {
  required: 'This item needs your personalisation: write it before adding it to your cart',
  tooLong: (maxLength: number) => `Personalisation must be at most ${maxLength} characters`,
  notOffered: 'This product does not take personalisation',
} as const;

/**
 * The buyer's text as it is kept: trimmed, and null when there is none. Blank is none, so a required
 * personalisation cannot be met with spaces.
 */
export function normalizePersonalization(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Why `text` (already normalised) cannot go with a listing that asks `setting` (null: asks nothing), or null
 * when it can. The length is counted as every other text field's (UTF-16 units, as the screens' counters count).
 */
export function personalizationProblem(setting: PersonalizationSetting | null, text: string | null): PersonalizationProblem | null {
  if (setting === null) return text === null ? null : { code: 'personalization_not_offered', message: PERSONALIZATION_MESSAGES.notOffered };
  if (text === null) return setting.required ? { code: 'personalization_required', message: PERSONALIZATION_MESSAGES.required } : null;
  if (text.length > setting.maxLength) return { code: 'personalization_too_long', message: PERSONALIZATION_MESSAGES.tooLong(setting.maxLength) };
  return null;
}
