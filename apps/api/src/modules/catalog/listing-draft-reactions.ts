import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createReactions, type DomainEvents } from '../../lib/domain-events';
import { publishDraftsWithPhotosOf } from './listing-drafts.repository';

// The catalog's reaction to a verified address (docs/product/listings.md): a seller's drafts that got
// their photos while the address was not verified go live once it is. The auth module only publishes
// `user.email-verified`; it knows nothing of listings. Should the event be lost (the process dying right
// after the commit), the draft's next photo still puts it live (the uploads module, publishDraftListing).

export interface ListingDraftReactions {
  /** Resolves once every reaction started so far is done (tests, shutdown). */
  settled(): Promise<void>;
}

export function createListingDraftReactions(deps: {
  db: Database;
  clock: Clock;
  events: Pick<DomainEvents, 'subscribe' | 'publish'>;
  onError: (error: unknown, event: string) => void;
}): ListingDraftReactions {
  const { react, settled } = createReactions(deps.events, deps.onError);

  react('user.email-verified', async ({ userId }) => {
    const published = await publishDraftsWithPhotosOf(deps.db, userId, deps.clock.now());
    // One statement outside a transaction: committed, so the catalogue's caches can drop it at once.
    if (published.length > 0) deps.events.publish({ type: 'listing.changed', productIds: published });
  });

  return { settled };
}
