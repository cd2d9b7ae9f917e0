import { CalendarOff } from 'lucide-react';
import type { Vacation } from '@marketplace/contracts/shops';
import { awayMessage } from '@marketplace/domain/vacation';

/**
 * A shop on vacation (docs/product/shops.md): "This shop is away until Dec 20, 2026" and the seller's message.
 * The date is written from its digits, never through Intl (a public page: decision 0042).
 */
export function VacationNotice({ vacation, className = '' }: { vacation: Vacation; className?: string }) {
  return (
    <div role="note" className={`flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 ${className}`}>
      <CalendarOff className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{awayMessage(vacation.until)}. Its listings can be bought again from then.</p>
        {vacation.message && <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{vacation.message}</p>}
      </div>
    </div>
  );
}
