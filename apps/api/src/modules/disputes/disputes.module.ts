import { defineModule, LatePort, type ModuleContext } from '../define-module';
import { disputeRoutes } from './disputes.routes';
import { createDisputesService } from './disputes.service';

type DisputesDependencies = Parameters<typeof createDisputesService>[0];

/** Buyer claims, seller answers, admin refunds. */
export const disputesModule = defineModule({
  name: 'disputes',
  async register(
    app,
    {
      database,
      files,
      clock,
      events,
      orders,
      hasOpenReturn,
      adjustmentOfDispute,
    }: ModuleContext<{ orders: DisputesDependencies['orderItems'] } & Pick<DisputesDependencies, 'hasOpenReturn' | 'adjustmentOfDispute'>>,
  ) {
    // Returns and payouts import disputes, so a case reads them as what they publish (registered before
    // disputes); the chat sits above it, so its messages come through this port, which the chat module fills.
    const recentMessagesBetweenPort = new LatePort<DisputesDependencies['recentMessagesBetween']>(
      "disputes: the pair's latest chat messages (the chat module fills it)",
    );
    const disputes = createDisputesService({
      db: database.db,
      files,
      clock,
      orderItems: orders,
      events,
      hasOpenReturn,
      adjustmentOfDispute,
      recentMessagesBetween: (pair, limit) => recentMessagesBetweenPort.get()(pair, limit),
    });
    await app.register(disputeRoutes, { prefix: '/api/disputes', disputes });
    return { recentMessagesBetweenPort };
  },
});
