import { Check, Circle } from 'lucide-react';
import type { BuyerTimelineStep, BuyerTimelineStepKind } from '@marketplace/contracts/orders';
import { formatDateTime, formatDollars } from '../../../lib/format';

const STEP_LABELS: Record<BuyerTimelineStepKind, string> = {
  placed: 'Order placed',
  approved: 'Approved by the seller',
  rejected: 'Rejected by the seller',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  return_requested: 'Return requested',
  returned: 'Returned',
};

/** Steps that end the road badly are drawn red; money back is drawn like the rest. */
const STOP_STEPS: ReadonlySet<BuyerTimelineStepKind> = new Set(['rejected', 'cancelled']);

export function timelineStepLabel(step: BuyerTimelineStep): string {
  const label = STEP_LABELS[step.step];
  return step.amount === null ? label : `${label} ${formatDollars(step.amount)}`;
}

/** One item's road from placed to delivered (or refunded, returned), with the steps still ahead greyed. */
export function OrderItemTimeline({ steps, itemTitle }: { steps: readonly BuyerTimelineStep[]; itemTitle: string }) {
  return (
    <ol aria-label={`Timeline of ${itemTitle}`} className="relative space-y-3">
      {steps.map((step, index) => {
        const isLast = index === steps.length - 1;
        const isStop = STOP_STEPS.has(step.step);
        return (
          <li
            key={`${step.step}-${index}`}
            className="relative flex gap-3"
            aria-current={step.reached && (isLast || !steps[index + 1]?.reached) ? 'step' : undefined}
          >
            {!isLast && (
              <span
                className={`absolute top-5 bottom-[-0.75rem] left-[0.6875rem] w-px ${steps[index + 1]?.reached ? 'bg-brand-600' : 'bg-slate-200'}`}
                aria-hidden
              />
            )}
            <span
              className={`relative grid size-6 shrink-0 place-items-center rounded-full ${
                !step.reached ? 'border border-slate-300 bg-white text-slate-300' : isStop ? 'bg-red-600 text-white' : 'bg-brand-700 text-white'
              }`}
              aria-hidden
            >
              {step.reached ? <Check className="size-3.5" strokeWidth={3} /> : <Circle className="size-2 fill-current" />}
            </span>
            <div className="min-w-0 pt-0.5 text-sm">
              <p className={step.reached ? 'font-medium text-slate-900' : 'text-slate-500'}>
                {timelineStepLabel(step)}
                {!step.reached && <span className="sr-only"> (not yet)</span>}
              </p>
              {step.at && (
                <p className="text-slate-600">
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                  {step.location && <> · {step.location}</>}
                </p>
              )}
              {step.description && step.step !== 'in_transit' && step.step !== 'out_for_delivery' && step.step !== 'delivered' && (
                <p className="text-slate-600">{step.description}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
