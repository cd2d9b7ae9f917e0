import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EyeOff, Pencil, Star, Trash2 } from 'lucide-react';
import type { MyReview } from '@marketplace/contracts/reviews';
import type { BuyerOrderDetailItem } from '@marketplace/contracts/orders';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReviewContent } from '../../../components/review-content';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useDeleteReviewMutation } from '../reviews-api';
import { deleteRefusalText, ReviewDialog } from './review-dialog';

// The review part of an item on the buyer's order page (docs/product/reviews.md): "Write a review" once
// the item was delivered, else the buyer's review with Change and Delete for 30 days, and, when an admin
// hid it, why. `?review=<order item>` (the links of the review request and of the hidden notice) opens
// the form, or brings the review into view.

/** Whether the parcel reached the buyer: the item's timeline has its delivery (kept after a refund). */
export function wasDelivered(item: BuyerOrderDetailItem): boolean {
  return item.timeline.some((step) => step.step === 'delivered' && step.reached);
}

interface ItemReviewProps {
  orderId: string;
  item: BuyerOrderDetailItem;
  review: MyReview | undefined;
  /** The item the page's link is about (`?review=`): its form opens, or its review is shown. */
  isLinked: boolean;
}

export function ItemReview({ orderId, item, review, isLinked }: ItemReviewProps) {
  const [isWriting, setIsWriting] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteReview, { isLoading: isDeletingNow }] = useDeleteReviewMutation();
  const panelRef = useRef<HTMLDivElement>(null);
  const hasHandledLink = useRef(false);

  useEffect(() => {
    if (!isLinked || hasHandledLink.current) return;
    hasHandledLink.current = true;
    panelRef.current?.scrollIntoView({ block: 'center' });
    if (!review) setIsWriting(true);
  }, [isLinked, review]);

  async function remove() {
    if (!review) return;
    try {
      await deleteReview({ id: review.id, orderId, productId: review.productId }).unwrap();
      toast.success('Your review is deleted.');
      setIsDeleting(false);
    } catch (error) {
      toast.error(deleteRefusalText(error));
      setIsDeleting(false);
    }
  }

  const dialog = isWriting && (
    <ReviewDialog orderId={orderId} orderItemId={item.id} itemTitle={item.title} review={review} onClose={() => setIsWriting(false)} />
  );

  if (!review) {
    return (
      <div ref={panelRef} className="scroll-mt-24 print:hidden">
        <Button variant="secondary" size="sm" aria-haspopup="dialog" aria-label={`Write a review of ${item.title}`} onClick={() => setIsWriting(true)}>
          <Star className="size-4" aria-hidden />
          Write a review
        </Button>
        {dialog}
      </div>
    );
  }

  return (
    <section
      ref={panelRef}
      aria-label={`Your review of ${item.title}`}
      className={`scroll-mt-24 space-y-2 rounded-lg border p-3 ${isLinked ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-slate-50'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Your review</h4>
        {!review.isHidden && (
          <Link to={`/products/${review.productId}?review=${review.id}`} className="text-sm font-medium text-brand-700 hover:text-brand-800">
            See it on the product page
          </Link>
        )}
      </div>
      <ReviewContent
        review={review}
        notice={
          review.isHidden && (
            <div role="note" className="flex gap-2 rounded-lg bg-amber-100 p-3 text-sm text-amber-950">
              <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                <span className="font-semibold">Hidden by the marketplace.</span> Other buyers do not see this review and it does not count in the rating.
                {review.hiddenReason && <span className="mt-1 block">Reason: {review.hiddenReason}</span>}
              </p>
            </div>
          )
        }
        actions={
          review.canEdit ? (
            <div className="flex flex-wrap items-center gap-2 pt-1 print:hidden">
              <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setIsWriting(true)}>
                <Pencil className="size-4" aria-hidden />
                Change
              </Button>
              <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => setIsDeleting(true)}>
                <Trash2 className="size-4" aria-hidden />
                Delete
              </Button>
              <span className="text-xs text-slate-500">You can change or delete it until {formatDate(review.editableUntil)}.</span>
            </div>
          ) : (
            <p className="text-xs text-slate-500">The 30 days in which you could change this review ended on {formatDate(review.editableUntil)}.</p>
          )
        }
      />
      {dialog}
      <ConfirmDialog
        isOpen={isDeleting}
        title="Delete your review?"
        confirmLabel="Delete review"
        confirmVariant="danger"
        isBusy={isDeletingNow}
        onConfirm={() => void remove()}
        onCancel={() => setIsDeleting(false)}
      >
        Your review of {item.title} and its photos are removed. You can write a new one afterwards.
      </ConfirmDialog>
    </section>
  );
}
