import { describe, expect, it } from 'vitest';
import { normalizePersonalization, personalizationProblem } from './personalization';

const asks = (required: boolean, maxLength = 10) => ({ required, instructions: 'Name to engrave', maxLength });

describe('a buyer’s personalisation against what the listing asks', () => {
  it('is trimmed, and blank is none', () => {
    expect(normalizePersonalization('  Anna  ')).toBe('Anna');
    expect(normalizePersonalization('   ')).toBeNull();
    expect(normalizePersonalization(undefined)).toBeNull();
  });

  it('is required only when the listing says so', () => {
    expect(personalizationProblem(asks(true), null)?.code).toBe('personalization_required');
    expect(personalizationProblem(asks(false), null)).toBeNull();
    expect(personalizationProblem(asks(true), 'Anna')).toBeNull();
  });

  it('counts characters as every text field does, up to the listing’s length', () => {
    expect(personalizationProblem(asks(false, 4), 'Anna')).toBeNull();
    expect(personalizationProblem(asks(false, 4), 'Annas')?.code).toBe('personalization_too_long');
    // An emoji counts two, as in the contract's limit and the screens' counters.
    expect(personalizationProblem(asks(false, 4), '🎁🎁')).toBeNull();
    expect(personalizationProblem(asks(false, 4), '🎁🎁🎁')?.code).toBe('personalization_too_long');
  });

  it('is refused on a listing that asks for none', () => {
    expect(personalizationProblem(null, 'Anna')?.code).toBe('personalization_not_offered');
    expect(personalizationProblem(null, null)).toBeNull();
  });
});
