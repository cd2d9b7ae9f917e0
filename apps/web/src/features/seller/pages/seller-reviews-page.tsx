import { useState } from 'react';
import { Link } from 'react-router';
import { MessageSquareReply } from 'lucide-react';
import { REVIEW_ERROR_CODES, REVIEW_REPLY_MAX, replyToReviewBodySchema, type SellerReview } from '@marketplace/contracts/reviews';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { ReviewContent } from '../../../components/review-content';
import { ReviewList, useReviewListFilter } from '../../../components/review-list';
import { TextAreaField } from '../../../components/text-area-field';
import { toast } from '../../../components/toast';
import { useForm } from '../../../lib/use-form';
import { useListSellerReviewsQuery, useReplyToReviewMutation } from '../reviews-api';

// /seller/reviews: what buyers said about the seller's items, newest first, and the seller's one public
// reply to each (docs/product/reviews.md). "To answer" keeps the ones still without a reply.

const PAGE_SIZE = 10;
const REPLIED_OPTIONS = [
  { value: '', label: 'All reviews' },
  { value: 'false', label: 'To answer' },
  { value: 'true', label: 'Answered' },
];

function ReplyForm({ review, onDone }: { review: SellerReview; onDone: () => void }) {
  const [reply] = useReplyToReviewMutation();
  const form = useForm({ initialValues: { body: '' }, schema: replyToReviewBodySchema });
  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await reply({ id: review.id, body }).unwrap();
      toast.success('Your reply is published under the review.');
      onDone();
    } catch (error) {
      const details = form.showServerError(error);
      if (details.code === REVIEW_ERROR_CODES.replyExists) form.setFormError('You have already replied to this review: a review gets one reply.');
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={`Reply to “${review.title}”`}
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextAreaField
        label="Your public reply"
        hint="Shown under the review on the product page. You can reply once."
        rows={3}
        counterMax={REVIEW_REPLY_MAX}
        autoFocus
        {...form.field('body')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone} disabled={form.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" size="sm" isBusy={form.isSubmitting} busyLabel="Publishing…">
          Publish reply
        </Button>
      </div>
    </form>
  );
}

function SellerReviewCard({ review }: { review: SellerReview }) {
  const [isReplying, setIsReplying] = useState(false);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <ReviewContent
        review={review}
        heading={
          <p className="text-sm">
            <Link to={`/products/${review.product.id}?review=${review.id}`} className="font-medium text-brand-700 hover:text-brand-800">
              {review.product.title}
            </Link>
          </p>
        }
        actions={
          review.canReply &&
          !review.sellerReply &&
          (isReplying ? (
            <ReplyForm review={review} onDone={() => setIsReplying(false)} />
          ) : (
            <Button variant="secondary" size="sm" aria-label={`Reply to “${review.title}”`} onClick={() => setIsReplying(true)}>
              <MessageSquareReply className="size-4" aria-hidden />
              Reply
            </Button>
          ))
        }
      />
    </li>
  );
}

export function SellerReviewsPage() {
  const filter = useReviewListFilter('replied');
  const replied = filter.value;
  const query = useListSellerReviewsQuery({ replied, page: filter.page, limit: PAGE_SIZE });

  return (
    <div className="grid gap-6">
      <PageHeader title="Reviews" description="What buyers say about your items. Thank them or help them with one public reply under each review." />
      <ReviewList
        filter={filter}
        filterOptions={REPLIED_OPTIONS}
        query={query}
        emptyText={
          replied === false ? 'Every review has your reply.' : filter.hasFilters ? 'No review matches this filter.' : 'No buyer has reviewed your items yet.'
        }
        renderReview={(review) => <SellerReviewCard review={review} />}
      />
    </div>
  );
}
