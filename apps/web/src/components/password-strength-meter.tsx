import { useEffect, useState } from 'react';
// The policy module is light; it imports zxcvbn and its dictionaries (about a megabyte) itself, on first
// use, so they reach the browser only on the pages that show this meter (never the first load).
import { judgePassword, preloadPasswordPolicy, type PasswordVerdict } from '@marketplace/domain/password-policy';

const BAR_COLOURS = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-emerald-600', 'bg-emerald-700'] as const;
const BARS = 4;

/**
 * How strong the typed password is, by the rule the API applies (docs/product/accounts.md "Passwords"):
 * zxcvbn's score 0–4 as bars and a word, and what to do about it while it would be refused.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const [verdict, setVerdict] = useState<{ password: string; verdict: PasswordVerdict } | null>(null);

  // The dictionary starts loading as soon as the field is on the page, not on the first key.
  useEffect(() => {
    preloadPasswordPolicy().catch(() => {});
  }, []);

  useEffect(() => {
    if (password === '') return;
    let isCurrent = true;
    judgePassword(password).then(
      (judged) => {
        if (isCurrent) setVerdict({ password, verdict: judged });
      },
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [password]);

  // Nothing typed yet, or the first verdict not in: no meter (an old verdict never shows for new text).
  const shown = password !== '' && verdict?.password === password ? verdict.verdict : null;
  if (!shown) return <div id={id} aria-live="polite" className="min-h-0" />;

  const { score, label, problem, hint } = shown;
  return (
    <div id={id} aria-live="polite" className="mt-2 space-y-1">
      <div role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={label} className="flex gap-1">
        {Array.from({ length: BARS }, (_, index) => (
          <span key={index} className={`h-1.5 flex-1 rounded-full ${index < Math.max(score, 1) ? BAR_COLOURS[score] : 'bg-slate-200'}`} />
        ))}
      </div>
      <p className="text-sm">
        <span className={`font-medium ${shown.isAcceptable ? 'text-emerald-800' : 'text-red-700'}`}>{label}</span>
        {problem && <span className="text-slate-700"> — {problem}</span>}
      </p>
      {hint && <p className="text-sm text-slate-500">{hint}</p>}
    </div>
  );
}
