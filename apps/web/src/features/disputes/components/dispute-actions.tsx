import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { respondDisputeBodySchema, resolveDisputeBodySchema, DISPUTE_DESCRIPTION_MAX, type DisputeCase } from '@marketplace/contracts/disputes';
import { refundForPercent } from '@marketplace/domain/dispute-money';
import { centsToDollars, dollarsToCents, formatCents } from '@marketplace/domain/money';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/field';
import { describeApiError } from '../../../lib/api-error';
import { dollarsTextSchema } from '../../../lib/dollars-text';
import { formatDollars } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import {
  useAcceptDisputeOfferMutation,
  useDeclineDisputeOfferMutation,
  useEscalateDisputeMutation,
  useResolveDisputeMutation,
  useRespondToDisputeMutation,
  useStartDisputeReviewMutation,
} from '../api';
import { notify } from './notify';
import { TextAreaField } from '../../../components/text-area-field';

export const REFUND_IRREVERSIBLE = "The refund goes back to the buyer's card and cannot be undone.";
export const REJECT_IRREVERSIBLE = 'The buyer gets no refund. This decision cannot be undone.';

type Errors = Partial<Record<'amount' | 'statement' | 'note', string>>;

function ActionPanel({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-brand-200 bg-brand-50/40 p-4 shadow-sm sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Choice<Value extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm ${value === option.value ? 'border-brand-600 bg-white text-brand-900' : 'border-slate-300 bg-white text-slate-700'}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The typed amount, judged by the contract's own rule (`amount`: whole cents, at least $0.01), then
 * against what can still be refunded, which the server checks against the item.
 */
function amountText(amount: z.ZodType<number, number>, refundableCents: number, messages: { empty: string; tooMuch: string }) {
  return dollarsTextSchema(amount, { empty: messages.empty, unreadable: `${messages.empty} in dollars, like 12.50` }).refine(
    (dollars) => dollars <= centsToDollars(refundableCents),
    messages.tooMuch,
  );
}

/** The contract's rules for the seller's response, with the offer read from the text typed. */
function respondFormSchema(refundableCents: number) {
  const [offer, contest] = respondDisputeBodySchema.options;
  const amount = amountText(offer.shape.amount, refundableCents, {
    empty: 'Enter the refund you offer',
    tooMuch: `The offer can be at most ${formatCents(refundableCents)}`,
  });
  return z.discriminatedUnion('action', [offer.extend({ amount }), contest]);
}

/** The contract's rules for the marketplace's decision, with the refund read from the text typed. */
function resolveFormSchema(refundableCents: number) {
  const [refund, reject] = resolveDisputeBodySchema.options;
  const amount = amountText(refund.shape.amount, refundableCents, {
    empty: 'Enter the refund amount',
    tooMuch: `The refund can be at most ${formatCents(refundableCents)}`,
  });
  return z.discriminatedUnion('outcome', [refund.extend({ amount }), reject]);
}

/** The contract's limit on the buyer's note, in the form's words. */
const escalateFormSchema = z.object({ note: z.string().trim().max(DISPUTE_DESCRIPTION_MAX, `The note can be at most ${DISPUTE_DESCRIPTION_MAX} characters`) });

function serverFieldErrors(error: unknown): Errors {
  const { fieldErrors } = describeApiError(error);
  return { amount: fieldErrors.amount, statement: fieldErrors.statement, note: fieldErrors.note };
}

// ── seller: respond ─────────────────────────────────────────────────────────────────────────────

function RespondPanel({ dispute }: { dispute: DisputeCase }) {
  const [respond, { isLoading }] = useRespondToDisputeMutation();
  const form = useForm({
    initialValues: { action: 'offer_refund' as 'offer_refund' | 'contest', amount: '', statement: '' },
    schema: respondFormSchema(dollarsToCents(dispute.refundableNow)),
    // An offer's message is optional: an empty one is not sent.
    toInput: ({ action, amount, statement }) =>
      action === 'offer_refund' ? { action, amount, ...(statement.trim() ? { statement } : {}) } : { action, statement },
  });
  const { action } = form.values;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await respond({ id: dispute.id, body }).unwrap();
      notify.success(result.message);
    } catch (error) {
      form.showErrors(serverFieldErrors(error));
      notify.failure(error);
    }
  });

  return (
    <ActionPanel
      title="Respond to the buyer"
      description={`Offer a refund of up to ${formatDollars(dispute.refundableNow)}, or contest the claim. The buyer can accept your offer at once; if they decline it, the marketplace decides.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <Choice
          legend="Your response"
          value={action}
          onChange={(value) => {
            form.setValue('action', value);
            form.showErrors({});
          }}
          options={[
            { value: 'offer_refund', label: 'Offer a refund' },
            { value: 'contest', label: 'Contest the claim' },
          ]}
        />
        {action === 'offer_refund' && (
          <TextField
            label="Refund you offer"
            inputMode="decimal"
            placeholder="0.00"
            className="sm:max-w-xs"
            {...form.field('amount')}
            hint={`At most ${formatDollars(dispute.refundableNow)}, what the buyer paid for the item${dispute.alreadyRefunded > 0 ? ' less what was already refunded' : ''}.`}
          />
        )}
        <TextAreaField
          label={action === 'contest' ? 'Why you contest the claim' : 'Message to the buyer (optional)'}
          {...form.field('statement')}
          counterMax={DISPUTE_DESCRIPTION_MAX}
        />
        <div>
          <Button type="submit" isBusy={isLoading}>
            {action === 'contest' ? 'Contest the claim' : 'Send the offer'}
          </Button>
        </div>
      </form>
    </ActionPanel>
  );
}

// ── buyer: answer the seller's offer ─────────────────────────────────────────────────────────────

export const OFFER_ACCEPT_NOTICE = 'The refund goes back to your card at once and settles the dispute.';

function OfferPanel({ dispute }: { dispute: DisputeCase }) {
  const [accept, { isLoading: isAccepting }] = useAcceptDisputeOfferMutation();
  const [decline, { isLoading: isDeclining }] = useDeclineDisputeOfferMutation();
  const [isConfirming, setConfirming] = useState(false);
  const offer = dispute.sellerOffer ?? 0;

  async function onAccept() {
    try {
      const result = await accept(dispute.id).unwrap();
      notify.success(result.message);
    } catch (error) {
      notify.failure(error);
    } finally {
      setConfirming(false);
    }
  }

  async function onDecline() {
    try {
      const result = await decline({ id: dispute.id }).unwrap();
      notify.success(result.message);
    } catch (error) {
      notify.failure(error);
    }
  }

  return (
    <ActionPanel
      title={`The seller offers ${formatDollars(offer)}`}
      description={`Accept it and ${formatDollars(offer)} goes back to your card at once, settling the dispute. Decline it and the marketplace reviews the case and decides.`}
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => setConfirming(true)}>Accept {formatDollars(offer)}</Button>
        <Button variant="secondary" isBusy={isDeclining} onClick={() => void onDecline()}>
          Decline and ask the marketplace
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Accept the seller's offer of ${formatDollars(offer)}?`}
        confirmLabel={`Accept ${formatDollars(offer)}`}
        isBusy={isAccepting}
        onConfirm={() => void onAccept()}
        onCancel={() => setConfirming(false)}
      >
        {OFFER_ACCEPT_NOTICE}
      </ConfirmDialog>
    </ActionPanel>
  );
}

// ── buyer: escalate ─────────────────────────────────────────────────────────────────────────────

function EscalatePanel({ dispute }: { dispute: DisputeCase }) {
  const [escalate, { isLoading }] = useEscalateDisputeMutation();
  const form = useForm({ initialValues: { note: '' }, schema: escalateFormSchema });

  const onSubmit = form.handleSubmit(async ({ note }) => {
    try {
      const result = await escalate({ id: dispute.id, note: note || undefined }).unwrap();
      notify.success(result.message);
      form.reset();
    } catch (escalateError) {
      form.showErrors({ note: serverFieldErrors(escalateError).note });
      notify.failure(escalateError);
    }
  });

  return (
    <ActionPanel
      title="Ask the marketplace to decide"
      description="If you and the seller cannot agree, the marketplace reviews the case and decides on a refund."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <TextAreaField label="Note for the marketplace (optional)" {...form.field('note')} rows={3} counterMax={DISPUTE_DESCRIPTION_MAX} />
        <div>
          <Button type="submit" isBusy={isLoading}>
            Ask the marketplace to decide
          </Button>
        </div>
      </form>
    </ActionPanel>
  );
}

// ── admin: review and resolve ───────────────────────────────────────────────────────────────────

function ReviewPanel({ dispute }: { dispute: DisputeCase }) {
  const [startReview, { isLoading }] = useStartDisputeReviewMutation();
  async function onStart() {
    try {
      const result = await startReview(dispute.id).unwrap();
      notify.success(result.message);
    } catch (error) {
      notify.failure(error);
    }
  }
  return (
    <ActionPanel title="Review the case" description="Take the case: the buyer and the seller see that the marketplace is reviewing it.">
      <Button onClick={() => void onStart()} isBusy={isLoading}>
        Start review
      </Button>
    </ActionPanel>
  );
}

type Decision = { outcome: 'refund'; amount: number; note?: string } | { outcome: 'reject'; note: string };

function ResolvePanel({ dispute }: { dispute: DisputeCase }) {
  const [resolve, { isLoading }] = useResolveDisputeMutation();
  const [pending, setPending] = useState<Decision | null>(null);
  const refundableCents = dollarsToCents(dispute.refundableNow);
  // A valid decision is confirmed first (it cannot be undone); the confirmation sends it.
  const form = useForm({
    initialValues: { outcome: 'refund' as 'refund' | 'reject', amount: '', note: '' },
    schema: resolveFormSchema(refundableCents),
    // A refund's note is optional: an empty one is not sent.
    toInput: ({ outcome, amount, note }) => (outcome === 'refund' ? { outcome, amount, ...(note.trim() ? { note } : {}) } : { outcome, note }),
  });
  const { outcome } = form.values;
  // The seller's offer first (when it still fits), then the whole and half of what can still be refunded.
  const offerCents = dispute.sellerOffer === null ? null : dollarsToCents(dispute.sellerOffer);
  const quickPicks = [
    ...(offerCents !== null && offerCents > 0 && offerCents <= refundableCents ? [{ label: "Seller's offer", cents: offerCents }] : []),
    ...[100, 50].map((percent) => ({ label: `${percent}%`, cents: refundForPercent(refundableCents, percent) })),
  ];

  const onSubmit = form.handleSubmit(setPending);

  async function onConfirm() {
    if (!pending) return;
    try {
      const result = await resolve({ id: dispute.id, body: pending }).unwrap();
      notify.success(result.message);
      setPending(null);
    } catch (error) {
      setPending(null);
      form.showErrors(serverFieldErrors(error));
      notify.failure(error);
    }
  }

  return (
    <ActionPanel
      title="Decide the dispute"
      description={`Refund the buyer any amount up to ${formatDollars(dispute.refundableNow)} (what they paid for the item${dispute.alreadyRefunded > 0 ? `, less ${formatDollars(dispute.alreadyRefunded)} already refunded` : ''}) or reject the claim.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <Choice
          legend="Decision"
          value={outcome}
          onChange={(value) => {
            form.setValue('outcome', value);
            form.showErrors({});
          }}
          options={[
            { value: 'refund', label: 'Refund the buyer' },
            { value: 'reject', label: 'Reject the claim' },
          ]}
        />
        {outcome === 'refund' && (
          <div className="grid gap-2">
            <TextField
              label="Refund amount"
              inputMode="decimal"
              placeholder="0.00"
              className="sm:max-w-xs"
              {...form.field('amount')}
              hint={`Any amount up to ${formatDollars(dispute.refundableNow)}.`}
            />
            <div className="flex flex-wrap gap-2" role="group" aria-label="Quick picks">
              {quickPicks.map(({ label, cents }) => (
                <Button key={label} variant="secondary" size="sm" onClick={() => form.setValue('amount', centsToDollars(cents).toFixed(2))}>
                  {label} · {formatCents(cents)}
                </Button>
              ))}
            </div>
          </div>
        )}
        <TextAreaField
          label={outcome === 'reject' ? 'Why the claim is rejected' : 'Note (optional)'}
          hint="The buyer and the seller see this note."
          {...form.field('note')}
          rows={3}
          counterMax={DISPUTE_DESCRIPTION_MAX}
        />
        <div>
          <Button type="submit" variant={outcome === 'reject' ? 'danger' : 'primary'}>
            {outcome === 'reject' ? 'Reject the claim' : 'Refund the buyer'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.outcome === 'refund' ? `Refund ${formatDollars(pending.amount)} to the buyer?` : 'Reject the claim?'}
        confirmLabel={pending?.outcome === 'refund' ? 'Refund the buyer' : 'Reject the claim'}
        confirmVariant={pending?.outcome === 'refund' ? 'primary' : 'danger'}
        isBusy={isLoading}
        onConfirm={() => void onConfirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.outcome === 'refund' ? REFUND_IRREVERSIBLE : REJECT_IRREVERSIBLE}
      </ConfirmDialog>
    </ActionPanel>
  );
}

/** What the caller may do now, as the API's `actions` says. */
export function DisputeActions({ dispute }: { dispute: DisputeCase }) {
  const { respond, escalate, review, resolve, acceptOffer } = dispute.actions;
  if (!respond && !escalate && !review && !resolve && !acceptOffer) return null;
  return (
    <div className="grid gap-4">
      {respond && <RespondPanel dispute={dispute} />}
      {acceptOffer && <OfferPanel dispute={dispute} />}
      {/* With an offer on the table, declining it is how the buyer asks the marketplace. */}
      {escalate && !acceptOffer && <EscalatePanel dispute={dispute} />}
      {review && <ReviewPanel dispute={dispute} />}
      {resolve && <ResolvePanel dispute={dispute} />}
    </div>
  );
}
