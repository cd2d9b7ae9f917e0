import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ThumbsUp } from 'lucide-react';
import { RATING_VALUES } from '@marketplace/domain/ratings';
import type { ProductReviewSort, ProductReviewsPage, Review } from '@marketplace/contracts/reviews';
import { Button } from '../../../components/button';
import { EmptyState, LoadError } from '../../../components/list-states';
import { Pagination } from '../../../components/pagination';
import { ReviewContent } from '../../../components/review-content';
import { SelectField } from '../../../components/select-field';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { StarRating } from '../../../components/star-rating';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { pluralise } from '../../../lib/plural';
import { useFinishSignInIntent, type SignInIntent, type SignInIntentKind } from '../../../lib/sign-in-intent';
import { useSession } from '../../../lib/use-session';
import { FIRST_REVIEWS_PAGE, useGetProductReviewsQuery, useVoteHelpfulMutation } from '../reviews-api';
import { formatNumber } from '@marketplace/domain/number-format';

// The product page's Reviews section (docs/product/reviews.md): the average, the count and how the stars
// spread, then the reviews newest first or most helpful first, ten a page. `?review=<id>` (the links of
// the seller's and the author's notifications) pages to that review, scrolls to it and marks it.

const SORT_OPTIONS: { value: ProductReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'helpful', label: 'Most helpful' },
];
const PAGE_SIZE = 10;
/** How many pages the page walks through looking for a linked review before it gives up. */
const MAX_PAGES_TO_FIND = 20;
const HELPFUL_INTENTS: readonly SignInIntentKind[] = ['vote-helpful'];

function RatingSummary({ data }: { data: ProductReviewsPage }) {
  return (
    <div className="grid max-w-2xl gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="text-center sm:pr-6 sm:text-left">
        <p className="text-4xl font-semibold text-slate-900">{data.average?.toFixed(1)}</p>
        {data.average !== null && <StarRating value={data.average} size="text-lg" />}
        <p className="mt-1 text-sm text-slate-600">{pluralise(data.count, 'review')}</p>
      </div>
      <ul className="space-y-1.5" aria-label="How buyers rated it">
        {RATING_VALUES.map((stars) => {
          const count = data.distribution[String(stars) as keyof ProductReviewsPage['distribution']];
          const share = data.count > 0 ? Math.round((count / data.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="w-8 shrink-0 text-slate-700">
                {stars}
                <span aria-hidden>★</span>
                <span className="sr-only"> {stars === 1 ? 'star' : 'stars'}:</span>
              </span>
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-20 shrink-0 text-right text-slate-600">{pluralise(count, 'review')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function HelpfulButton({ review, productId, onGuest }: { review: Review; productId: string; onGuest: () => void }) {
  const session = useSession();
  const [vote, { isLoading }] = useVoteHelpfulMutation();
  async function toggle() {
    if (!session) {
      onGuest();
      return;
    }
    try {
      await vote({ reviewId: review.id, productId, helpful: !review.votedByMe }).unwrap();
    } catch (error) {
      const details = describeApiError(error);
      toast.error(details.code === 'own_review' ? 'You cannot mark your own review helpful.' : details.message);
    }
  }
  return (
    <div className="flex items-center gap-2 pt-1">
      <Button variant="secondary" size="sm" aria-pressed={review.votedByMe} isBusy={isLoading} onClick={() => void toggle()}>
        <ThumbsUp className={`size-4 ${review.votedByMe ? 'fill-brand-100 text-brand-700' : ''}`} aria-hidden />
        Helpful
      </Button>
      {review.helpfulCount > 0 && (
        <span className="text-xs text-slate-500">
          {review.helpfulCount === 1 ? '1 person found this helpful' : `${formatNumber(review.helpfulCount)} people found this helpful`}
        </span>
      )}
    </div>
  );
}

/** The Reviews section of /products/:productId. */
export function ProductReviews({ productId }: { productId: string }) {
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get('review');
  const [sort, setSort] = useState<ProductReviewSort>(FIRST_REVIEWS_PAGE.sort);
  const [page, setPage] = useState<number>(FIRST_REVIEWS_PAGE.page);
  const [prompt, setPrompt] = useState<SignInIntent | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const reviews = useGetProductReviewsQuery({ productId, sort, page });
  const data = reviews.data;

  // Back from logging in to vote: bring the reviews into view again.
  useFinishSignInIntent(productId, HELPFUL_INTENTS, data !== undefined, () => sectionRef.current?.scrollIntoView({ block: 'start' }));

  // A linked review: walk the pages until it shows, then scroll to it and mark it.
  useEffect(() => {
    if (!linkedId || !data || reviews.isFetching || highlighted === linkedId) return;
    if (data.items.some((item) => item.id === linkedId)) {
      setHighlighted(linkedId);
      document.getElementById(`review-${linkedId}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    if (data.page * data.limit < data.total && data.page < MAX_PAGES_TO_FIND) setPage(data.page + 1);
  }, [linkedId, data, reviews.isFetching, highlighted]);

  return (
    <section ref={sectionRef} aria-labelledby="reviews-title" className="scroll-mt-24 space-y-5 border-t border-slate-200 pt-8">
      <h2 id="reviews-title" className="text-xl font-semibold text-slate-900">
        Reviews
      </h2>
      {reviews.isLoading && <p className="text-sm text-slate-600">Loading reviews…</p>}
      {reviews.isError && !data && (
        <LoadError title="Reviews could not be loaded" error={reviews.error} onRetry={() => void reviews.refetch()} isRetrying={reviews.isFetching} />
      )}
      {data && data.count === 0 && <EmptyState title="No reviews yet">Buyers who received this item can review it from their order.</EmptyState>}
      {data && data.count > 0 && (
        <>
          <RatingSummary data={data} />
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p className="text-sm text-slate-600">Every review comes from a verified purchase.</p>
            <SelectField
              label="Sort reviews"
              className="w-44"
              value={sort}
              options={SORT_OPTIONS}
              onChange={(event) => {
                setSort(event.target.value as ProductReviewSort);
                setPage(1);
              }}
            />
          </div>
          <ol className={`divide-y divide-slate-200 ${reviews.isFetching ? 'opacity-60' : ''}`}>
            {data.items.map((review) => (
              <li
                key={review.id}
                id={`review-${review.id}`}
                aria-current={highlighted === review.id ? 'true' : undefined}
                className={`scroll-mt-24 py-5 ${highlighted === review.id ? '-mx-3 rounded-xl bg-amber-50 px-3 ring-2 ring-amber-300' : ''}`}
              >
                <ReviewContent
                  review={review}
                  actions={<HelpfulButton review={review} productId={productId} onGuest={() => setPrompt({ kind: 'vote-helpful', productId })} />}
                />
              </li>
            ))}
          </ol>
          {data.total > PAGE_SIZE && (
            <Pagination
              label="Review pages"
              page={data.page}
              totalPages={Math.ceil(data.total / data.limit)}
              totalItems={data.total}
              pageSize={data.limit}
              onPageChange={(next) => {
                setPage(next);
                sectionRef.current?.scrollIntoView({ block: 'start' });
              }}
            />
          )}
        </>
      )}
      {prompt && <SignInPrompt intent={prompt} onClose={() => setPrompt(null)} />}
    </section>
  );
}
