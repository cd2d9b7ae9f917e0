// The disputes module's public surface for other modules: whether an item has a dispute still open
// (returns and payouts wait for it).

export { findItemsWithOpenDispute, findOpenDisputeOfItem, hasOpenDispute, openDisputeIdOf } from './disputes.repository';
// One dispute by id (the e-mails quote the seller's answer and tell who settled it).
export { findDispute } from './disputes.repository';
export type { DisputesService } from './disputes.service';
