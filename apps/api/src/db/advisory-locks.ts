import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The keys of the transaction advisory locks that hold a cap under parallel requests: each cap locks
 * on a scope of its own, so one user's cart adds never wait for their wishlist adds or uploads.
 * (mail.repository's `mail-outbox` series lock uses the same key form: no scope here may take that name.)
 */
export type LockScope = 'cart' | 'wishlist' | 'chat-uploads' | 'listings' | 'support-requests' | 'shipping-profiles';

/**
 * Makes the callers locking the same scope and id wait for each other until the transaction ends
 * (no row is held, so reads elsewhere are not blocked). Outside a transaction it is released at once.
 */
export async function lockFor(executor: Executor, scope: LockScope, id: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${id}`}))`);
}
