import type { CheckoutProblem } from '@marketplace/contracts/orders';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import type { SubmitProblem } from '../hooks/use-checkout-submit';

/** What changed in the cart since the lines were added: new prices warn, anything else blocks paying. */
export function CartProblemsAlert({ problems, onUpdateCart }: { problems: CheckoutProblem[]; onUpdateCart: () => void }) {
  const isBlocking = problems.some((problem) => problem.kind !== 'price_changed');
  return (
    <Alert
      tone={isBlocking ? 'error' : 'warning'}
      title={isBlocking ? 'Some items cannot be ordered as they are' : 'Prices changed since you added these items'}
      action={
        <Button variant="secondary" size="sm" onClick={onUpdateCart}>
          Update cart
        </Button>
      }
    >
      <ul className="list-disc space-y-0.5 pl-4">
        {problems.map((problem) => (
          <li key={`${problem.cartItemId}-${problem.kind}`}>{problem.message}</li>
        ))}
      </ul>
      {isBlocking ? (
        <p className="mt-1">Change these lines in your cart to place the order.</p>
      ) : (
        <p className="mt-1">The summary shows the new prices you will pay.</p>
      )}
    </Alert>
  );
}

/** Why the last attempt did not become an order: a decline, items that ran out, or the server's message. */
export function SubmitProblemAlert({ problem, onUpdateCart }: { problem: SubmitProblem; onUpdateCart: () => void }) {
  if (problem.kind === 'declined') {
    return (
      <Alert tone="error" title="Payment declined">
        {problem.message} Check the card details or use another card, then try again.
      </Alert>
    );
  }
  if (problem.kind === 'stock') {
    return (
      <Alert
        tone="error"
        title="Some items just ran out"
        action={
          <Button variant="secondary" size="sm" onClick={onUpdateCart}>
            Update cart
          </Button>
        }
      >
        <p>{problem.message}</p>
        {problem.items.length > 0 && (
          <ul className="mt-1 list-disc pl-4">
            {problem.items.map((item) => (
              <li key={item.title}>
                {item.title}: {!item.live ? 'no longer available' : item.available === 0 ? 'out of stock' : `only ${item.available} left`} (you asked for{' '}
                {item.requested})
              </li>
            ))}
          </ul>
        )}
      </Alert>
    );
  }
  if (problem.kind === 'total') {
    return (
      <Alert tone="warning" title="The total changed">
        {problem.message}
      </Alert>
    );
  }
  return <Alert tone="error">{problem.message}</Alert>;
}
