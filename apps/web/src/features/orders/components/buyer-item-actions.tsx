import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RotateCcw, ShieldAlert, ShoppingCart } from 'lucide-react';
import type { BuyerOrderDetailItem, OrderItemStatus } from '@marketplace/contracts/orders';
import { Button, buttonClasses } from '../../../components/button';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useShop } from '../../../lib/shop';
import { CancelItemsButton, cancelRefundCents } from './cancel-items-button';
import { MessageSellerButton } from './message-seller-button';
import { ReturnRequestDialog } from './return-request-dialog';

/** What the disputes form accepts (features/disputes open-dispute-form.tsx; the API checks the same). */
const DISPUTABLE_STATUSES: readonly OrderItemStatus[] = ['shipped', 'delivered', 'completed'];

const ACTION_LINK = buttonClasses({ variant: 'ghost', size: 'sm' });

/**
 * What a buyer can do about one item: message its seller, open a dispute (the disputes page with the
 * item chosen), return it while the seller's return window is open (the returns feature's dialog), cancel it while it
 * waits for the seller, and buy it again.
 */
export function BuyerItemActions({ orderId, item }: { orderId: string; item: BuyerOrderDetailItem }) {
  const shop = useShop();
  const navigate = useNavigate();
  const [isAdding, setIsAdding] = useState(false);
  const [isReturning, setIsReturning] = useState(false);
  const canDispute = DISPUTABLE_STATUSES.includes(item.status);
  const canReturn = item.returnInfo?.canReturn === true;

  async function buyAgain() {
    setIsAdding(true);
    try {
      await shop.addToCart({
        productId: item.productId,
        quantity: item.quantity,
        withAddOn: item.retipAdded,
        title: item.title,
        price: item.price,
        image: item.image,
        available: item.quantity,
        addOnLabel: null,
        addOnPrice: item.retipAdded ? item.retipPrice : null,
      });
      await navigate('/products/checkout');
    } catch (error) {
      toast.error(describeApiError(error).message);
      setIsAdding(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-1 print:hidden" role="group" aria-label={`Actions for ${item.title}`}>
      <MessageSellerButton orderId={orderId} productId={item.productId} itemTitle={item.title} />
      {canDispute && (
        <Link to={`/orderDisputes?orderItemId=${encodeURIComponent(item.id)}`} className={ACTION_LINK} aria-label={`Open a dispute about ${item.title}`}>
          <ShieldAlert className="size-4" aria-hidden />
          Open a dispute
        </Link>
      )}
      {canReturn && (
        <Button variant="ghost" size="sm" aria-label={`Return ${item.title}`} aria-haspopup="dialog" onClick={() => setIsReturning(true)}>
          <RotateCcw className="size-4" aria-hidden />
          Return
        </Button>
      )}
      {item.status === 'pending' && (
        <CancelItemsButton
          orderId={orderId}
          choice={{ orderItemIds: [item.id] }}
          label="Cancel item"
          ariaLabel={`Cancel ${item.title}`}
          what={item.title}
          refundCents={cancelRefundCents([item])}
        />
      )}
      {shop.canShop && (
        <Button variant="ghost" size="sm" aria-label={`Buy ${item.title} again`} isBusy={isAdding} onClick={() => void buyAgain()}>
          <ShoppingCart className="size-4" aria-hidden />
          Buy again
        </Button>
      )}
      {isReturning && <ReturnRequestDialog orderItemId={item.id} itemTitle={item.title} onClose={() => setIsReturning(false)} />}
    </div>
  );
}
