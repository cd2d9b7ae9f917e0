import { useState } from 'react';
import { XCircle } from 'lucide-react';
import type { BuyerOrderDetailItem, CancelOrderRequest } from '@marketplace/contracts/orders';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { formatCents } from '@marketplace/domain/money';
import { useCancelMyOrderMutation } from '../buyer-orders-api';

/** What cancelling these items gives back: all that may still be refunded for each (the API's figure, from the domain's rule). */
export function cancelRefundCents(items: readonly BuyerOrderDetailItem[]): number {
  return items.reduce((total, item) => total + item.refundable_cents, 0);
}

interface CancelItemsButtonProps {
  orderId: string;
  /** What is cancelled: some items, or one shop's part (docs/product/orders.md "Cancelling"). */
  choice: NonNullable<CancelOrderRequest>;
  /** The button's words ("Cancel item", "Cancel Northwind's items") and what the dialog names ("Teapot"). */
  label: string;
  what: string;
  /** What goes back to the card: the items' prices, add-ons and their share of the shop's shipping. */
  refundCents: number;
  /** For a screen reader, when the button's words alone do not say which item ("Cancel Teapot"). */
  ariaLabel?: string;
  className?: string;
}

/** Cancels part of an order while its seller has not acted on it yet, after asking; the rest of the order goes on. */
export function CancelItemsButton({ orderId, choice, label, what, refundCents, ariaLabel, className }: CancelItemsButtonProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [cancel, { isLoading }] = useCancelMyOrderMutation();

  async function confirm() {
    try {
      await cancel({ id: orderId, choice }).unwrap();
      toast.success(`${what} cancelled. ${formatCents(refundCents)} is on its way back to your card.`);
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
    setIsConfirming(false);
  }

  return (
    <>
      <Button variant="ghost" size="sm" className={className} aria-label={ariaLabel} aria-haspopup="dialog" onClick={() => setIsConfirming(true)}>
        <XCircle className="size-4" aria-hidden />
        {label}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Cancel ${what}?`}
        confirmLabel="Yes, cancel"
        cancelLabel="Keep it"
        confirmVariant="danger"
        isBusy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setIsConfirming(false)}
      >
        {formatCents(refundCents)} (what you paid, with its share of the shop’s shipping) is refunded to your card, and the rest of your order goes on. This
        cannot be undone.
      </ConfirmDialog>
    </>
  );
}
