import type { Executor } from '../../db/client';

// What happens to a label's money is the payouts module's (a seller's label account, docs/product/money.md), and
// payouts sits beside shipping and reads it, never the other way: so shipping tells whoever listens, inside the
// transaction that records the label or its void, and the listener writes its line in that same transaction —
// never lost if the label is recorded, never written if it is not.

/** A label as its money needs it. */
export interface LabelMoneyEvent {
  shipmentId: string;
  sellerId: string;
  orderId: string;
  trackingNumber: string | null;
  /** What the carrier charged for the label (null or 0: nothing to charge). */
  chargesCents: number | null;
  at: Date;
}

export type LabelMoneyHook = (executor: Executor, event: LabelMoneyEvent) => Promise<void>;

export function createLabelHooks() {
  const bought: LabelMoneyHook[] = [];
  const voided: LabelMoneyHook[] = [];
  return {
    /** Called in the transaction that records a bought label. */
    onLabelBought(hook: LabelMoneyHook): void {
      bought.push(hook);
    },
    /** Called in the transaction that records a label's void. */
    onLabelVoided(hook: LabelMoneyHook): void {
      voided.push(hook);
    },
    async labelBought(executor: Executor, event: LabelMoneyEvent): Promise<void> {
      for (const hook of bought) await hook(executor, event);
    },
    async labelVoided(executor: Executor, event: LabelMoneyEvent): Promise<void> {
      for (const hook of voided) await hook(executor, event);
    },
  };
}

export type LabelHooks = ReturnType<typeof createLabelHooks>;
