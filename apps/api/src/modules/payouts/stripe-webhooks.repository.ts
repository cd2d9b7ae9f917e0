import type { Executor } from '../../db/client';
import { webhookEvents } from './payouts.schema';

// The provider's events already seen: each is handled once. What an event changes of a buyer's payment
// is the orders module's to write (its provider-payments repository).

/** Records an event id; false when it was seen before (the event must then be ignored). */
export async function recordEventOnce(executor: Executor, event: { id: string; provider: string; type: string; receivedAt: Date }): Promise<boolean> {
  const [fresh] = await executor.insert(webhookEvents).values(event).onConflictDoNothing({ target: webhookEvents.id }).returning();
  return Boolean(fresh);
}
