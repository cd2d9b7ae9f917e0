import type { Config } from '../config';
import type { ChatService } from '../modules/chat';
import type { CheckoutService } from '../modules/checkout';
import type { MailNotifications, MailOutboxService } from '../modules/mail';
import type { NotificationsService } from '../modules/notifications';
import type { OrdersService } from '../modules/orders';
import type { PayoutsService } from '../modules/payouts';
import type { ReturnsService } from '../modules/returns';
import type { ReviewsService } from '../modules/reviews';
import type { TrackingService } from '../modules/shipping';
import type { UploadsService } from '../modules/uploads/uploads.service';
import type { VacationService } from '../modules/users';
import type { SandboxConnectProvider } from '../providers/payment/connect-sandbox';
import type { JobDefinition } from './job-queue';

// Every job the marketplace runs, in one list. To add one: a name in JOB_NAMES, the service it needs
// in JobServices (app.ts hands it over), and an entry in defineJobs. The work itself belongs to the
// owning module's service; a job only calls it.

export const JOB_NAMES = {
  refreshTracking: 'shipments-refresh-tracking',
  resumeStalePayouts: 'payouts-resume-stale',
  payDeliveredItems: 'payouts-pay-on-delivery',
  resumeStaleRefunds: 'refunds-resume-stale',
  deleteExpiredUploadTokens: 'uploads-delete-expired-tokens',
  deleteExpiredSandboxLinks: 'connect-sandbox-delete-expired-links',
  deleteUnsentChatUploads: 'chat-delete-unsent-uploads',
  sendQueuedMail: 'mail-send-queued',
  sendWeeklySummaries: 'mail-weekly-summaries',
  deleteOldReadNotifications: 'notifications-delete-old-read',
  requestReviews: 'reviews-request-due',
  makeMissingMediumSizes: 'uploads-make-medium-sizes',
  endVacations: 'users-end-vacations',
  releaseAbandonedCheckouts: 'checkout-release-abandoned',
} as const;

/** How often delivered items are looked over for a review request (3 to 14 days after delivery, once per item). */
export const REVIEW_REQUEST_ROUND_SECONDS = 60 * 60;
/** How often queued e-mail is looked for and sent (decision 0021): a request never waits on SMTP. */
export const MAIL_SWEEP_SECONDS = 5;
/**
 * How often the weekly summary's round runs. The queue's periods are counted from 1970 (a Thursday), so a
 * weekly period could never land on Monday: the round runs hourly and writes only on Monday from 06:00 UTC.
 */
export const WEEKLY_SUMMARY_ROUND_SECONDS = 60 * 60;

/** How often photos without a medium size are looked for (20 a round: 1,200 photos an hour at most). */
export const MEDIUM_SIZE_ROUND_SECONDS = 60;

/** How often shops whose vacation has ended are opened again (their pages then drop the notice). */
export const VACATION_ROUND_SECONDS = 5 * 60;

/** How often reservations of checkouts that never came back are looked for (their units go back after 15 minutes). */
export const ABANDONED_CHECKOUT_ROUND_SECONDS = 60;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** The services the jobs call, handed over by buildApp (`onServices`). */
export interface JobServices {
  checkout: Pick<CheckoutService, 'releaseAbandonedReservations'>;
  vacation: Pick<VacationService, 'endDue'>;
  tracking: Pick<TrackingService, 'refreshActiveShipments'>;
  returns: Pick<ReturnsService, 'refreshReturns'>;
  payouts: Pick<PayoutsService, 'resumeStalePayouts' | 'payDeliveredItems'>;
  orders: Pick<OrdersService, 'resumeStaleRefunds' | 'creditLateDeliveries'>;
  uploads: Pick<UploadsService, 'deleteExpiredUploadTokens' | 'makeMissingMediumSizes'>;
  chat: Pick<ChatService, 'deleteUnsentUploads'>;
  mail: Pick<MailOutboxService, 'deliverDue'>;
  /** The mail reactions to domain events: settled() once their outbox rows are written (tests wait on it); the weekly summary. */
  mailNotifications: Pick<MailNotifications, 'settled' | 'sendWeeklySummaries'>;
  notifications: Pick<NotificationsService, 'deleteOldReadNotifications'>;
  /** The in-app notification reactions: settled() once their rows are written and pushed (tests wait on it). */
  notificationReactions: { settled(): Promise<void> };
  reviews: Pick<ReviewsService, 'requestDueReviews'>;
  /** The embedded Connect sandbox, when it is the payouts provider (Stripe keeps its own links). */
  sandboxConnect: Pick<SandboxConnectProvider, 'deleteExpiredLinks'> | null;
}

/** What each job does, how often, and how it is retried. */
export function defineJobs(services: JobServices, config: Pick<Config, 'jobs'>): JobDefinition[] {
  const { trackingRefreshSeconds, resumeSeconds, cleanupSeconds } = config.jobs;
  const cleanup = { everySeconds: cleanupSeconds, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 10 * 60 };
  const definitions: JobDefinition[] = [
    {
      name: JOB_NAMES.refreshTracking,
      everySeconds: trackingRefreshSeconds,
      // The next period tries again anyway; one retry covers a crash mid-round.
      retryLimit: 1,
      retryDelaySeconds: 30,
      expireInSeconds: 15 * 60,
      async run() {
        const shipments = await services.tracking.refreshActiveShipments();
        // Return parcels on their way back, and refunds of delivered returns still to go through.
        const returns = await services.returns.refreshReturns();
        return { shipments, returns };
      },
    },
    {
      name: JOB_NAMES.resumeStalePayouts,
      everySeconds: resumeSeconds,
      retryLimit: 1,
      retryDelaySeconds: 30,
      expireInSeconds: 10 * 60,
      run: () => services.payouts.resumeStalePayouts(),
    },
    {
      // Payout on delivery (the admin's setting; off, a round does nothing): pays the items delivered at
      // least the delay ago through Process Payout's own claim, so a retried or doubled round pays once.
      name: JOB_NAMES.payDeliveredItems,
      everySeconds: resumeSeconds,
      retryLimit: 1,
      retryDelaySeconds: 30,
      expireInSeconds: 10 * 60,
      run: async () => ({ ...(await services.payouts.payDeliveredItems()) }),
    },
    {
      name: JOB_NAMES.resumeStaleRefunds,
      everySeconds: resumeSeconds,
      retryLimit: 1,
      retryDelaySeconds: 30,
      expireInSeconds: 10 * 60,
      // Then the late parcels whose shipping refund a crash or the provider left unfinished (the same keys).
      run: async () => {
        const refunds = await services.orders.resumeStaleRefunds();
        const late = await services.orders.creditLateDeliveries();
        return { ...refunds, lateFound: late.found, lateCredited: late.credited };
      },
    },
    {
      // Claims due outbox rows one at a time (FOR UPDATE SKIP LOCKED) and sends them; the rows carry
      // their own retries and backoff, so a failed round is simply the next round.
      name: JOB_NAMES.sendQueuedMail,
      everySeconds: MAIL_SWEEP_SECONDS,
      retryLimit: 0,
      retryDelaySeconds: 0,
      expireInSeconds: 10 * 60,
      run: () => services.mail.deliverDue(),
    },
    {
      // Last week's summary for each seller who wants it, on Monday morning (UTC); once per seller and ISO
      // week by its dedupe key, so a retry or the next hourly round only finds it written.
      name: JOB_NAMES.sendWeeklySummaries,
      everySeconds: WEEKLY_SUMMARY_ROUND_SECONDS,
      retryLimit: 1,
      retryDelaySeconds: 5 * 60,
      expireInSeconds: 30 * 60,
      run: () => services.mailNotifications.sendWeeklySummaries(),
    },
    {
      name: JOB_NAMES.deleteExpiredUploadTokens,
      ...cleanup,
      run: async () => ({ deleted: await services.uploads.deleteExpiredUploadTokens() }),
    },
    {
      // Photos stored before listings kept a medium size get one, a few per round (docs/product/uploads.md).
      name: JOB_NAMES.makeMissingMediumSizes,
      everySeconds: MEDIUM_SIZE_ROUND_SECONDS,
      retryLimit: 1,
      retryDelaySeconds: 60,
      expireInSeconds: 10 * 60,
      run: () => services.uploads.makeMissingMediumSizes(),
    },
    {
      // A checkout whose request never came back (a crash, a lost connection) holds its units until then
      // (docs/product/checkout.md "Placing the order"): a round gives them back to the shelf.
      name: JOB_NAMES.releaseAbandonedCheckouts,
      everySeconds: ABANDONED_CHECKOUT_ROUND_SECONDS,
      retryLimit: 1,
      retryDelaySeconds: 60,
      expireInSeconds: 10 * 60,
      run: async () => ({ released: await services.checkout.releaseAbandonedReservations() }),
    },
    {
      // A shop on vacation opens again by itself when its day comes (docs/product/shops.md); reads compare the
      // day too, so the round only tidies the row and tells the pages.
      name: JOB_NAMES.endVacations,
      everySeconds: VACATION_ROUND_SECONDS,
      retryLimit: 1,
      retryDelaySeconds: 60,
      expireInSeconds: 10 * 60,
      run: async () => ({ ended: await services.vacation.endDue() }),
    },
    {
      name: JOB_NAMES.deleteUnsentChatUploads,
      ...cleanup,
      run: async () => ({ deleted: await services.chat.deleteUnsentUploads() }),
    },
    {
      // The bell keeps what is unread; read notifications go after 90 days.
      name: JOB_NAMES.deleteOldReadNotifications,
      ...cleanup,
      run: async () => ({ deleted: await services.notifications.deleteOldReadNotifications() }),
    },
    {
      // A buyer is asked to review an item a few days after it was delivered: the round announces each item
      // not reviewed and not asked about yet; the notification's and the e-mail's dedupe keys keep it to once.
      name: JOB_NAMES.requestReviews,
      everySeconds: REVIEW_REQUEST_ROUND_SECONDS,
      retryLimit: 1,
      retryDelaySeconds: 5 * 60,
      expireInSeconds: 15 * 60,
      run: () => services.reviews.requestDueReviews(),
    },
  ];
  const sandbox = services.sandboxConnect;
  if (sandbox) {
    definitions.push({ name: JOB_NAMES.deleteExpiredSandboxLinks, ...cleanup, run: async () => ({ deleted: await sandbox.deleteExpiredLinks() }) });
  }
  return definitions;
}
