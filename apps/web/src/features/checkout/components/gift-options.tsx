import { Gift } from 'lucide-react';
import type { CheckoutSummaryResponse, GiftInput } from '@marketplace/contracts/orders';
import { MAX_GIFT_MESSAGE_LENGTH } from '@marketplace/domain/personalization';
import { TextAreaField } from '../../../components/text-area-field';

// Each shop's part of the order may be sent as a gift, with a message for the recipient (docs/product/checkout.md
// "Gifts"): its seller sees it, and its packing slip shows no prices.

/** The shops of the cart, in the order their first line comes, each once. */
function shopsOf(summary: CheckoutSummaryResponse): { id: string; name: string; count: number }[] {
  const shops = new Map<string, { id: string; name: string; count: number }>();
  for (const item of summary.items) {
    const shop = shops.get(item.seller.id) ?? { id: item.seller.id, name: item.seller.name, count: 0 };
    shop.count += item.quantity;
    shops.set(item.seller.id, shop);
  }
  return [...shops.values()];
}

export function GiftOptions({
  summary,
  gifts,
  onChange,
}: {
  summary: CheckoutSummaryResponse;
  gifts: readonly GiftInput[];
  onChange: (gifts: GiftInput[]) => void;
}) {
  const shops = shopsOf(summary);
  const giftOf = (sellerId: string) => gifts.find((gift) => gift.seller_id === sellerId);
  const set = (sellerId: string, next: GiftInput | null) => onChange([...gifts.filter((gift) => gift.seller_id !== sellerId), ...(next ? [next] : [])]);
  return (
    <section aria-labelledby="gift-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div>
        <h2 id="gift-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Gift className="size-5 text-brand-700" aria-hidden /> Gift options
        </h2>
        <p className="mt-1 text-sm text-slate-600">Sending something as a gift? The seller adds your message and leaves the prices off the packing slip.</p>
      </div>
      <ul className="space-y-3">
        {shops.map((shop) => {
          const gift = giftOf(shop.id);
          return (
            <li key={shop.id} className="rounded-lg border border-slate-200 p-3">
              <label className="flex items-start gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
                  checked={gift !== undefined}
                  onChange={(event) => set(shop.id, event.target.checked ? { seller_id: shop.id, message: '' } : null)}
                />
                <span>
                  <span className="font-medium">Send the items from {shop.name} as a gift</span>
                  <span className="block text-slate-500">
                    {shop.count} {shop.count === 1 ? 'item' : 'items'}
                  </span>
                </span>
              </label>
              {gift && (
                <TextAreaField
                  className="mt-3"
                  label={`Gift message for ${shop.name} (optional)`}
                  rows={3}
                  maxLength={MAX_GIFT_MESSAGE_LENGTH}
                  counterMax={MAX_GIFT_MESSAGE_LENGTH}
                  placeholder="Happy birthday! Love, Sam"
                  value={gift.message ?? ''}
                  onChange={(event) => set(shop.id, { seller_id: shop.id, message: event.target.value })}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
