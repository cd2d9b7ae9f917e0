import { ShieldCheck, ShoppingBag, Store } from 'lucide-react';

/** The seeded demo logins (the API seeds them on first start). */
export const DEMO_PASSWORD = 'marketplace-demo';
const DEMO_ACCOUNTS = [
  { role: 'Admin', email: 'admin@example.com', icon: ShieldCheck },
  { role: 'Seller', email: 'seller@example.com', icon: Store },
  { role: 'Buyer', email: 'buyer@example.com', icon: ShoppingBag },
] as const;

export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  return (
    <section aria-labelledby="demo-accounts-title" className="rounded-2xl border border-dashed border-brand-300 bg-brand-50/60 p-4 sm:p-5">
      <h2 id="demo-accounts-title" className="text-sm font-semibold text-brand-900">
        Try the demo
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        Pick an account to fill in the form. Every demo account uses the password{' '}
        <code className="rounded bg-white px-1 py-0.5 font-mono text-xs text-slate-800">{DEMO_PASSWORD}</code>.
      </p>
      <ul className="mt-3 grid gap-2">
        {DEMO_ACCOUNTS.map(({ role, email, icon: Icon }) => (
          <li key={email}>
            <button
              type="button"
              onClick={() => onPick(email, DEMO_PASSWORD)}
              className="flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
            >
              <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
              <span className="w-14 shrink-0 font-medium text-slate-900">{role}</span>
              <span className="truncate text-slate-600">{email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
