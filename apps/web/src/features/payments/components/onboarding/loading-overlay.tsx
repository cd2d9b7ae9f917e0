import { useEffect, useState } from 'react';
import { Spinner } from '../../../../components/spinner';
import { LOADING_MESSAGE_MS, LOADING_MESSAGES } from './messages';

/** Covers the page while the account loads or a provider call runs, cycling its messages (docs/product/payouts.md). */
export function LoadingOverlay() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % LOADING_MESSAGES.length), LOADING_MESSAGE_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/40 p-4 backdrop-blur-sm" role="status" aria-live="polite">
      <div className="flex w-full max-w-xs flex-col items-center gap-4 rounded-2xl bg-white px-6 py-8 text-center shadow-xl">
        <Spinner className="size-10 text-brand-700" />
        <p className="text-base font-medium text-slate-800">{LOADING_MESSAGES[index]}</p>
      </div>
    </div>
  );
}
