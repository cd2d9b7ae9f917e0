import { desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxConnectAccounts, sandboxConnectLinks, sandboxConnectTransfers } from './payment.schema';
import type { SandboxAccountRecord, SandboxConnectStore, SandboxLinkRecord, SandboxTransferRecord } from './connect-sandbox';

// The embedded Connect sandbox's records in its own `sandbox_connect_*` tables, as Stripe keeps
// accounts, links and transfers in its own systems. Only the sandbox provider uses them.

function accountOf(row: typeof sandboxConnectAccounts.$inferSelect): SandboxAccountRecord {
  return {
    id: row.id,
    email: row.email,
    businessType: row.businessType,
    businessName: row.businessName,
    bankLast4: row.bankLast4,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
  };
}

function linkOf(row: typeof sandboxConnectLinks.$inferSelect): SandboxLinkRecord {
  return {
    tokenHash: row.tokenHash,
    accountId: row.accountId,
    kind: row.kind,
    returnUrl: row.returnUrl,
    refreshUrl: row.refreshUrl,
    expiresAt: row.expiresAt,
    usedAt: row.usedAt,
  };
}

function transferOf(row: typeof sandboxConnectTransfers.$inferSelect): SandboxTransferRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    amountCents: row.amountCents,
    currency: row.currency,
    idempotencyKey: row.idempotencyKey,
    fingerprint: row.fingerprint,
    description: row.description,
    transferGroup: row.transferGroup,
    createdAt: row.createdAt,
  };
}

export function createSandboxConnectStore(db: Database): SandboxConnectStore {
  async function findTransferByKey(idempotencyKey: string) {
    const row = await db.query.sandboxConnectTransfers.findFirst({ where: eq(sandboxConnectTransfers.idempotencyKey, idempotencyKey) });
    return row ? transferOf(row) : null;
  }

  return {
    async findAccount(accountId) {
      const row = await db.query.sandboxConnectAccounts.findFirst({ where: eq(sandboxConnectAccounts.id, accountId) });
      return row ? accountOf(row) : null;
    },

    async createAccountOnce(values) {
      await db
        .insert(sandboxConnectAccounts)
        .values({ id: values.id, email: values.email, idempotencyKey: values.idempotencyKey, createdAt: values.now, updatedAt: values.now })
        .onConflictDoNothing({ target: sandboxConnectAccounts.idempotencyKey });
      const row = await db.query.sandboxConnectAccounts.findFirst({ where: eq(sandboxConnectAccounts.idempotencyKey, values.idempotencyKey) });
      return row ? accountOf(row) : null;
    },

    async insertLink(link) {
      await db.insert(sandboxConnectLinks).values(link);
    },

    async findLink(tokenHash) {
      const row = await db.query.sandboxConnectLinks.findFirst({ where: eq(sandboxConnectLinks.tokenHash, tokenHash) });
      return row ? linkOf(row) : null;
    },

    findTransferByKey,

    async insertTransferOnce(transfer) {
      await db.insert(sandboxConnectTransfers).values(transfer).onConflictDoNothing({ target: sandboxConnectTransfers.idempotencyKey });
      // Two racing requests with one key: both read the single row that won.
      return findTransferByKey(transfer.idempotencyKey);
    },

    async findRecentTransfersOf(accountId, limit) {
      const rows = await db
        .select()
        .from(sandboxConnectTransfers)
        .where(eq(sandboxConnectTransfers.accountId, accountId))
        .orderBy(desc(sandboxConnectTransfers.createdAt))
        .limit(limit);
      return rows.map(transferOf);
    },

    async deleteLinksExpiredBy(before) {
      const rows = await db
        .delete(sandboxConnectLinks)
        .where(lte(sandboxConnectLinks.expiresAt, before))
        .returning({ tokenHash: sandboxConnectLinks.tokenHash });
      return rows.length;
    },

    async completeOnboarding({ accountId, tokenHash, details, now }) {
      await db.transaction(async (transaction) => {
        await transaction
          .update(sandboxConnectAccounts)
          .set({ ...details, detailsSubmitted: true, payoutsEnabled: true, updatedAt: now })
          .where(eq(sandboxConnectAccounts.id, accountId));
        await transaction.update(sandboxConnectLinks).set({ usedAt: now }).where(eq(sandboxConnectLinks.tokenHash, tokenHash));
      });
    },
  };
}
