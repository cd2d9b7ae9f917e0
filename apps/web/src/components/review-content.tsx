import { useState, type ReactNode } from 'react';
import { BadgeCheck, MessageSquareReply } from 'lucide-react';
import type { Review } from '@marketplace/contracts/reviews';
import { formatDate } from '../lib/format';
import { Button } from './button';
import { Modal } from './modal';
import { StarRating } from './star-rating';

/** A review's photos as thumbnails; each opens the full photo in a dialog. */
export function ReviewPhotos({ photos, title }: { photos: Review['photos']; title: string }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const open = openIndex === null ? null : photos[openIndex];
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label="Photos from the buyer">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpenIndex(index)}
              className="block size-16 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 hover:border-brand-400 sm:size-20"
            >
              <img src={photo.thumbnailUrl} alt={`Photo ${index + 1} of ${photos.length}: open it larger`} loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Modal
          title={title}
          description={`Photo ${openIndex! + 1} of ${photos.length}`}
          onClose={() => setOpenIndex(null)}
          footer={
            <>
              {photos.length > 1 && (
                <Button variant="secondary" onClick={() => setOpenIndex(((openIndex ?? 0) + 1) % photos.length)}>
                  Next photo
                </Button>
              )}
              <Button onClick={() => setOpenIndex(null)}>Close</Button>
            </>
          }
        >
          <img src={open.url} alt={`Photo ${openIndex! + 1} from the review “${title}”`} className="max-h-[70vh] w-full rounded-lg object-contain" />
        </Modal>
      )}
    </>
  );
}

/** The seller's public answer under a review. */
export function SellerReplyBlock({ reply }: { reply: NonNullable<Review['sellerReply']> }) {
  return (
    <div className="rounded-lg border-l-4 border-brand-600 bg-slate-50 p-3">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
        <MessageSquareReply className="size-4 text-brand-700" aria-hidden />
        Reply from the seller
        <span className="font-normal text-slate-500">· {formatDate(reply.createdAt)}</span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{reply.body}</p>
    </div>
  );
}

interface ReviewContentProps {
  review: Review;
  /** Above the stars: the product the review is about, on lists of many products' reviews. */
  heading?: ReactNode;
  /** Under the text and reply: Helpful, Reply, Hide… */
  actions?: ReactNode;
  /** Between the text and the reply, e.g. the hidden notice on the author's own review. */
  notice?: ReactNode;
}

/**
 * One review as buyers read it (docs/product/reviews.md): stars, title, text, photos, "Jane D.",
 * Verified purchase, the date (and "Edited"), and the seller's reply. Every text is the author's and
 * is rendered as text, never as HTML.
 */
export function ReviewContent({ review, heading, actions, notice }: ReviewContentProps) {
  return (
    <div className="space-y-2">
      {heading}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} />
        <h3 className="font-semibold text-slate-900">{review.title}</h3>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{review.authorName}</span>
        {review.verifiedPurchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800">
            <BadgeCheck className="size-3.5" aria-hidden />
            Verified purchase
          </span>
        )}
        <span>
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          {review.isEdited && <span> · Edited</span>}
        </span>
      </p>
      <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700">{review.body}</p>
      <ReviewPhotos photos={review.photos} title={review.title} />
      {notice}
      {review.sellerReply && <SellerReplyBlock reply={review.sellerReply} />}
      {actions}
    </div>
  );
}
