import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { Spinner } from '../../../../components/spinner';
import { apiErrorMessage } from '../../api';

/** A carrier quote as its RTK Query hook gives it (the label rate, a pickup charge). */
export interface QuoteState<Quote> {
  data?: Quote | undefined;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Only a quote in hand counts: a seller never pays UPS for something without seeing its price first. */
export function hasQuote<Quote>(quote: QuoteState<Quote>): quote is QuoteState<Quote> & { data: Quote } {
  return Boolean(quote.data) && !quote.error && !quote.isFetching;
}

/**
 * While a quote loads or after it failed, what to show instead of it (a spinner, or the error with Try
 * again); null once the quote is in hand.
 */
export function QuotePending<Quote>({ quote, failureTitle, loadingText }: { quote: QuoteState<Quote>; failureTitle: string; loadingText: string }) {
  if (quote.error && !quote.isFetching) {
    return (
      <Alert
        tone="error"
        title={failureTitle}
        action={
          <Button variant="secondary" size="sm" onClick={() => void quote.refetch()}>
            Try again
          </Button>
        }
      >
        {apiErrorMessage(quote.error, 'UPS did not answer. Please try again.')}
      </Alert>
    );
  }
  if (!quote.data || quote.isFetching) {
    return (
      <div role="status" aria-live="polite" className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-700" />
        {loadingText}
      </div>
    );
  }
  return null;
}
