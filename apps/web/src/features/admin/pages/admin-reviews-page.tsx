import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Eye, EyeOff } from 'lucide-react';
import { REVIEW_ERROR_CODES, REVIEW_HIDE_REASON_MAX, hideReviewBodySchema, type AdminReview } from '@marketplace/contracts/reviews';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { ReviewContent } from '../../../components/review-content';
import { ReviewList, useReviewListFilter } from '../../../components/review-list';
import { TextAreaField } from '../../../components/text-area-field';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useHideReviewMutation, useListAdminReviewsQuery, useUnhideReviewMutation } from '../reviews-api';

// /admin/reviews: every review, newest first, with who wrote it and about whose item. Hiding one takes it
// out of the product page and the averages and tells its author why; showing it again counts it again.

const PAGE_SIZE = 20;
const HIDDEN_OPTIONS = [
  { value: '', label: 'All reviews' },
  { value: 'false', label: 'Visible' },
  { value: 'true', label: 'Hidden' },
];

function HideDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const formId = useId();
  const [hide] = useHideReviewMutation();
  const form = useForm({ initialValues: { reason: '' }, schema: hideReviewBodySchema });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await hide({ id: review.id, reason }).unwrap();
      toast.success('The review is hidden and its author is told why.');
      onClose();
    } catch (error) {
      const details = form.showServerError(error);
      if (details.code === REVIEW_ERROR_CODES.alreadyHidden) form.setFormError('Another admin has hidden this review already.');
    }
  });
  return (
    <Modal
      title="Hide this review"
      description={`“${review.title}” by ${review.buyer.name}. It leaves the product page and the rating; the author is told the reason.`}
      onClose={form.isSubmitting ? () => {} : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" isBusy={form.isSubmitting} busyLabel="Hiding…">
            Hide review
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Hide this review" className="grid gap-3">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextAreaField label="Reason (sent to the author)" rows={3} counterMax={REVIEW_HIDE_REASON_MAX} {...form.field('reason')} />
      </form>
    </Modal>
  );
}

function AdminReviewCard({ review, onHide }: { review: AdminReview; onHide: (review: AdminReview) => void }) {
  const [unhide, { isLoading }] = useUnhideReviewMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  async function show() {
    try {
      await unhide(review.id).unwrap();
      toast.success('The review is visible again and counts in the rating.');
    } catch (error) {
      toast.error(describeApiError(error).message);
    } finally {
      setIsConfirming(false);
    }
  }
  return (
    <li aria-label={review.title} className={`rounded-xl border bg-white p-4 sm:p-5 ${review.hidden ? 'border-amber-300' : 'border-slate-200'}`}>
      <ReviewContent
        review={review}
        heading={
          <p className="text-sm text-slate-600">
            <Link to={`/admin/products/view/${review.product.id}`} className="font-medium text-brand-700 hover:text-brand-800">
              {review.product.title}
            </Link>{' '}
            · sold by {review.seller.companyName ?? review.seller.name} · written by {review.buyer.name} ({review.buyer.email})
          </p>
        }
        notice={
          review.hidden && (
            <div role="note" className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                <span className="font-semibold">Hidden</span> by {review.hidden.byName} on {formatDateTime(review.hidden.at)}. Reason: {review.hidden.reason}
              </p>
            </div>
          )
        }
        actions={
          <div className="flex flex-wrap gap-2 pt-1">
            {review.hidden ? (
              <Button variant="secondary" size="sm" isBusy={isLoading} onClick={() => setIsConfirming(true)}>
                <Eye className="size-4" aria-hidden />
                Show again
              </Button>
            ) : (
              <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => onHide(review)}>
                <EyeOff className="size-4" aria-hidden />
                Hide
              </Button>
            )}
          </div>
        }
      />
      <ConfirmDialog
        isOpen={isConfirming}
        title="Show this review again?"
        confirmLabel="Show again"
        isBusy={isLoading}
        onConfirm={() => void show()}
        onCancel={() => setIsConfirming(false)}
      >
        “{review.title}” goes back on the product page and counts in the rating again.
      </ConfirmDialog>
    </li>
  );
}

export function AdminReviewsPage() {
  const filter = useReviewListFilter('hidden');
  const hidden = filter.value;
  const query = useListAdminReviewsQuery({ hidden, page: filter.page, limit: PAGE_SIZE });
  const [hiding, setHiding] = useState<AdminReview | null>(null);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Reviews"
        description="Every buyer review. Hide one that breaks the rules, with a reason its author receives; hidden reviews leave the ratings."
      />
      <ReviewList
        filter={filter}
        filterOptions={HIDDEN_OPTIONS}
        query={query}
        emptyText={hidden ? 'No review is hidden.' : filter.hasFilters ? 'No review matches this filter.' : 'No buyer has written a review yet.'}
        renderReview={(review) => <AdminReviewCard review={review} onHide={setHiding} />}
      />
      {hiding && <HideDialog review={hiding} onClose={() => setHiding(null)} />}
    </div>
  );
}
