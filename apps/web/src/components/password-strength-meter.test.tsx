import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';
import { timeLimit } from '../test/time-limit';

// zxcvbn's first load reads its dictionaries: give it time on a busy machine.
const SLOW = { timeout: 10_000 };

describe('PasswordStrengthMeter', { timeout: timeLimit(30_000) }, () => {
  it('shows nothing until something is typed', () => {
    render(<PasswordStrengthMeter password="" />);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it.each([
    ['password', 'it is one of the most common passwords'],
    ['12345678', 'it is one of the most common passwords'],
    ['qwertyui', 'it is one of the most common passwords'],
    ['        ', 'it cannot be only spaces'],
  ])('scores %j too weak and says why, with a hint', async (password, why) => {
    render(<PasswordStrengthMeter password={password} />);
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, SLOW);
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    expect(meter).toHaveAttribute('aria-valuetext', 'Too weak');
    expect(screen.getByText(`— Choose a stronger password: ${why}`)).toBeInTheDocument();
    expect(screen.getByText(/Use a few unrelated words/)).toBeInTheDocument();
  });

  it('follows the typing: a long phrase is very strong, with nothing to fix', async () => {
    const { rerender } = render(<PasswordStrengthMeter password="password" />);
    expect(await screen.findByRole('meter', {}, SLOW)).toHaveAttribute('aria-valuetext', 'Too weak');
    rerender(<PasswordStrengthMeter password="walnut-harbour-quietly" />);
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, SLOW);
    await screen.findByText('Very strong', {}, SLOW);
    expect(meter).toHaveAttribute('aria-valuenow', '4');
    expect(screen.queryByText(/Choose a stronger password/)).not.toBeInTheDocument();
  });

  it('never imports zxcvbn statically: it loads with the page that asks for a password, not the first load', () => {
    for (const file of ['./password-strength-meter.tsx', '../../../../packages/domain/src/password-policy.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^\s*import\s[^;]*from\s+['"]@zxcvbn-ts\//m);
      expect(source, file).not.toMatch(/^\s*import\s+['"]@zxcvbn-ts\//m);
    }
  });
});
