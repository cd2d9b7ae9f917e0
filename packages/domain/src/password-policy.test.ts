import { describe, expect, it } from 'vitest';
import { findPasswordShapeProblem, judgePassword, MIN_PASSWORD_SCORE, PASSWORD_MAX_LENGTH, PASSWORD_PROBLEMS } from './password-policy';

describe('the password policy (docs/product/accounts.md "Passwords")', () => {
  it.each([
    ['password', PASSWORD_PROBLEMS.common],
    ['12345678', PASSWORD_PROBLEMS.common],
    ['qwertyui', PASSWORD_PROBLEMS.common],
    ['password123', PASSWORD_PROBLEMS.common],
    ['        ', PASSWORD_PROBLEMS.onlySpaces],
    ['bbbbbbbb', PASSWORD_PROBLEMS.repeat],
    ['abcdefgh', PASSWORD_PROBLEMS.sequence],
    ['short', PASSWORD_PROBLEMS.tooShort],
  ])('refuses %j: %s', async (password, problem) => {
    const verdict = await judgePassword(password);
    expect(verdict.isAcceptable).toBe(false);
    expect(verdict.problem).toBe(problem);
    expect(verdict.score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(verdict.hint).not.toBeNull();
  });

  it('says what is wrong in words a person understands', async () => {
    expect((await judgePassword('password')).problem).toBe('Choose a stronger password: it is one of the most common passwords');
  });

  it.each(['marketplace-demo', 'a-brand-new-password', 'correct horse', 'Tr0ub4dor&3'])('accepts %j', async (password) => {
    const verdict = await judgePassword(password);
    expect(verdict).toMatchObject({ isAcceptable: true, problem: null });
    expect(verdict.score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
  });

  it('refuses a password over the maximum length without estimating it', async () => {
    expect(await judgePassword('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toMatchObject({ isAcceptable: false, problem: PASSWORD_PROBLEMS.tooLong });
  });

  it('labels the score from "Too weak" to "Very strong"', async () => {
    expect((await judgePassword('password')).label).toBe('Too weak');
    expect((await judgePassword('yet-another-password')).label).toBe('Very strong');
  });

  it('checks length and spaces without the dictionary', () => {
    expect(findPasswordShapeProblem('1234567')).toBe(PASSWORD_PROBLEMS.tooShort);
    expect(findPasswordShapeProblem(' \t       ')).toBe(PASSWORD_PROBLEMS.onlySpaces);
    expect(findPasswordShapeProblem('password')).toBeNull();
  });
});
