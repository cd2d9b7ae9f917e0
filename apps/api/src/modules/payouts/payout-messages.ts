// What the payouts module says to sellers and admins (docs/product/payouts.md). The routes and the
// services share these texts.

export const PAYOUT_MESSAGES = {
  created: 'Express account created successfully! Please complete the onboarding process.',
  paid: 'Payout created successfully',
  nothingToTransfer: 'Nothing to transfer: the charges cover the item total. Marked as paid.',
  noAccount: 'You have no Stripe account yet. Create one first (step 1).',
  accountNotFound: 'Stripe account not found',
  notComplete: 'Complete Stripe onboarding before opening the Stripe dashboard.',
  itemNotFound: 'Order item not found',
  alreadyPaid: 'This item has already been paid out.',
  inProgress: 'A payout for this item is already in progress. Refresh in a moment to see its result.',
  openDispute: 'This item has an open dispute; it can be paid once the dispute is resolved.',
  openReturn: 'This item has a return in progress; it can be paid once the return is refused, cancelled or refunded.',
  invalidSignature: 'Invalid webhook signature',
  webhooksOff: 'Webhooks are not configured: set STRIPE_WEBHOOK_SECRET',
} as const;
