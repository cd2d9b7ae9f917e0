import type {
  AdminSettings,
  CreateSupportRequest,
  NotificationPreferences,
  PublicSettings,
  SupportRequest,
  SupportRequestsResponse,
  SupportRequestStatus,
  SupportTopic,
  UpdateAdminSettingsRequest,
} from '@marketplace/contracts/workspace';
import { MAX_OPEN_SUPPORT_REQUESTS_PER_USER, SUPPORT_MESSAGES, SUPPORT_REQUEST_LIMIT_CODE } from '@marketplace/contracts/workspace';
import type { PayoutSchedule } from '@marketplace/domain/earnings';
import { hasRoomFor } from '@marketplace/domain/user-content-limits';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NO_DOMAIN_EVENTS, type DomainEventPublisher } from '../../lib/domain-events';
import { conflict, notFound } from '../../lib/http-errors';
import {
  closeSupportRequest,
  countSupportRequests,
  findActiveSellerIdsWanting,
  findNotificationPreferences,
  findOrCreateSettings,
  insertSupportRequest,
  listSupportRequests,
  lockSupportRequestsOf,
  saveNotificationPreferences,
  saveSettings,
  type SettingsRecord,
  type SupportRequestRecord,
} from './workspace.repository';

// Marketplace settings, a seller's notification preferences and support requests.
// Rates are basis points inside (1250 = 12.5 %) and percents in answers.

/** What a seller gets before saving any preferences: the table's own defaults. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  newOrder: true,
  newMessage: true,
  payoutSent: true,
  disputeOpened: true,
  weeklySummary: false,
};

function toPublicSettings(row: SettingsRecord): PublicSettings {
  return { marketplaceName: row.marketplaceName, supportEmail: row.supportEmail, supportPhone: row.supportPhone };
}

function toAdminSettings(row: SettingsRecord): AdminSettings {
  return { ...toPublicSettings(row), payoutOnDelivery: row.payoutOnDelivery, payoutDelayDays: row.payoutDelayDays, updatedAt: row.updatedAt.toISOString() };
}

function toSupportRequestDto(row: SupportRequestRecord): SupportRequest {
  return {
    id: row.id,
    topic: row.topic as SupportTopic,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    seller: { id: row.userId, name: `${row.firstName} ${row.lastName}`.trim() || row.email, email: row.email, companyName: row.companyName },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

export function createWorkspaceService(deps: {
  db: Database;
  clock: Clock;
  /** Announces each new support request (the admins' alert e-mail, in-app notifications). */
  events?: DomainEventPublisher;
}) {
  const { db, clock } = deps;
  const events = deps.events ?? NO_DOMAIN_EVENTS;

  async function findSupportRequest(id: string): Promise<SupportRequest> {
    const [row] = await listSupportRequests(db, { id }, { offset: 0, limit: 1 });
    if (!row) throw notFound(SUPPORT_MESSAGES.notFound);
    return toSupportRequestDto(row);
  }

  return {
    async publicSettings(): Promise<PublicSettings> {
      return toPublicSettings(await findOrCreateSettings(db));
    },

    async adminSettings(): Promise<AdminSettings> {
      return toAdminSettings(await findOrCreateSettings(db));
    },

    async updateAdminSettings(input: UpdateAdminSettingsRequest): Promise<AdminSettings> {
      const row = await saveSettings(db, {
        marketplaceName: input.marketplaceName.trim(),
        supportEmail: input.supportEmail.trim().toLowerCase(),
        supportPhone: input.supportPhone.trim(),
        // Left out, the payout mode and delay keep what was saved.
        ...(input.payoutOnDelivery === undefined ? {} : { payoutOnDelivery: input.payoutOnDelivery }),
        ...(input.payoutDelayDays === undefined ? {} : { payoutDelayDays: input.payoutDelayDays }),
        updatedAt: clock.now(),
      });
      return toAdminSettings(row);
    },

    /** How sellers are paid (docs/product/payouts.md): automatically some days after delivery, or by the admin. */
    async payoutSchedule(): Promise<PayoutSchedule> {
      const row = await findOrCreateSettings(db);
      return { payoutOnDelivery: row.payoutOnDelivery, delayDays: row.payoutDelayDays };
    },

    async notificationPreferences(userId: string): Promise<NotificationPreferences> {
      return (await findNotificationPreferences(db, userId)) ?? DEFAULT_NOTIFICATION_PREFERENCES;
    },

    async updateNotificationPreferences(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
      return saveNotificationPreferences(db, userId, preferences, clock.now());
    },

    /** Active sellers who want this e-mail (the weekly summary's round), by their preference or the default. */
    async activeSellersWanting(key: keyof NotificationPreferences): Promise<string[]> {
      return findActiveSellerIdsWanting(db, key, DEFAULT_NOTIFICATION_PREFERENCES[key]);
    },

    /** Turns one preference off, keeping the others (the e-mail's unsubscribe link). */
    async turnOffNotification(userId: string, key: keyof NotificationPreferences): Promise<NotificationPreferences> {
      const current = (await findNotificationPreferences(db, userId)) ?? DEFAULT_NOTIFICATION_PREFERENCES;
      return saveNotificationPreferences(db, userId, { ...current, [key]: false }, clock.now());
    },

    /** At most MAX_OPEN_SUPPORT_REQUESTS_PER_USER open at once (docs/product/limits.md), counted under a per-seller lock. */
    async createSupportRequest(userId: string, input: CreateSupportRequest): Promise<SupportRequest> {
      const id = await db.transaction(async (tx) => {
        await lockSupportRequestsOf(tx, userId);
        const { open } = await countSupportRequests(tx, { userId, status: 'open' });
        if (!hasRoomFor(open, 1, MAX_OPEN_SUPPORT_REQUESTS_PER_USER)) {
          throw conflict(SUPPORT_MESSAGES.tooManyOpen, { code: SUPPORT_REQUEST_LIMIT_CODE, limit: MAX_OPEN_SUPPORT_REQUESTS_PER_USER });
        }
        return insertSupportRequest(tx, { userId, topic: input.topic, subject: input.subject.trim(), message: input.message.trim(), createdAt: clock.now() });
      });
      const request = await findSupportRequest(id);
      // Published after the commit: the request exists for whoever reacts.
      events.publish({
        type: 'support.requested',
        requestId: request.id,
        userId: request.seller.id,
        name: request.seller.name,
        email: request.seller.email,
        subject: request.subject,
      });
      return request;
    },

    /** A seller sees only their own requests; an admin sees everyone's. One page of them, with the count of open ones. */
    async listSupportRequests(
      viewer: { id: string; role: string },
      query: { status?: SupportRequestStatus; page: number; limit: number },
    ): Promise<SupportRequestsResponse> {
      const scope = viewer.role === 'admin' ? {} : { userId: viewer.id };
      const [rows, matching, all] = await Promise.all([
        listSupportRequests(db, { ...scope, status: query.status }, { offset: (query.page - 1) * query.limit, limit: query.limit }),
        countSupportRequests(db, { ...scope, status: query.status }),
        countSupportRequests(db, scope),
      ]);
      return {
        requests: rows.map(toSupportRequestDto),
        pagination: { page: query.page, limit: query.limit, totalItems: matching.total, totalPages: Math.max(1, Math.ceil(matching.total / query.limit)) },
        openCount: all.open,
      };
    },

    /** Another seller's request is a 404, exactly like one that does not exist. */
    async findSupportRequest(viewer: { id: string; role: string }, id: string): Promise<SupportRequest> {
      const request = await findSupportRequest(id);
      if (viewer.role !== 'admin' && request.seller.id !== viewer.id) throw notFound(SUPPORT_MESSAGES.notFound);
      return request;
    },

    async closeSupportRequest(adminId: string, id: string): Promise<SupportRequest> {
      if (!(await closeSupportRequest(db, id, adminId, clock.now()))) throw notFound(SUPPORT_MESSAGES.notFound);
      return findSupportRequest(id);
    },
  };
}
