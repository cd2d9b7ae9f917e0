import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import type { DatabaseHandle } from '../db/client';
import { createDomainEvents, type DomainEventOf, type DomainEvents } from './domain-events';

let database: DatabaseHandle;
let events: DomainEvents;
const failures: Array<{ error: unknown; type: string }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  events = createDomainEvents({ database: database.db, onHandlerError: (error, event) => failures.push({ error, type: event.type }) });
});
afterAll(async () => {
  await database?.close();
});

/** Every `listing.changed` heard while `run` runs, by the ids it names. */
async function heardDuring(run: () => Promise<unknown>): Promise<string[]> {
  const heard: string[] = [];
  const stop = events.subscribe('listing.changed', (event) => {
    heard.push(...(event.productIds ?? ['*']));
  });
  try {
    await run().catch(() => undefined);
  } finally {
    stop();
  }
  return heard;
}

describe('domain events', () => {
  it('publishes at once outside a transaction, and stops when unsubscribed', async () => {
    expect(await heardDuring(async () => events.publish({ type: 'listing.changed', productIds: ['a'] }))).toEqual(['a']);
    expect(await heardDuring(async () => events.publishAfterCommit(database.db, { type: 'listing.changed' }))).toEqual(['*']);
    expect(await heardDuring(async () => undefined)).toEqual([]);
  });

  it('holds an event raised in a transaction until it commits', async () => {
    const heard: string[] = [];
    const stop = events.subscribe('listing.changed', (event) => {
      heard.push(...(event.productIds ?? ['*']));
    });
    await database.db.transaction(async (transaction) => {
      events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: ['committed'] });
      await transaction.execute(sql`select 1`);
      // Still inside the transaction: nobody has heard of it yet.
      expect(heard).toEqual([]);
    });
    stop();
    expect(heard).toEqual(['committed']);
  });

  it('drops the events of a transaction that rolls back', async () => {
    const heard = await heardDuring(() =>
      database.db.transaction(async (transaction) => {
        events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: ['rolled back'] });
        throw new Error('roll back');
      }),
    );
    expect(heard).toEqual([]);
  });

  it("keeps a savepoint's events for the outer commit, and drops them when the savepoint rolls back", async () => {
    const heard = await heardDuring(() =>
      database.db.transaction(async (transaction) => {
        await transaction.transaction(async (savepoint) => {
          events.publishAfterCommit(savepoint, { type: 'listing.changed', productIds: ['kept'] });
        });
        await transaction
          .transaction(async (savepoint) => {
            events.publishAfterCommit(savepoint, { type: 'listing.changed', productIds: ['undone'] });
            throw new Error('roll back the savepoint');
          })
          .catch(() => undefined);
        events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: ['outer'] });
      }),
    );
    expect(heard).toEqual(['kept', 'outer']);
  });

  it('logs a handler that throws or rejects, and still runs the others and returns to the publisher', async () => {
    failures.length = 0;
    const heard: string[] = [];
    const stops = [
      events.subscribe('user.changed', () => {
        throw new Error('broken handler');
      }),
      events.subscribe('user.changed', () => Promise.reject(new Error('broken async handler'))),
      events.subscribe('user.changed', (event) => {
        heard.push(event.userId);
      }),
    ];
    await database.db.transaction(async (transaction) => {
      events.publishAfterCommit(transaction, { type: 'user.changed', userId: 'u1', change: 'profile' });
    });
    expect(() => events.publish({ type: 'user.changed', userId: 'u2', change: 'status' })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const stop of stops) stop();
    expect(heard).toEqual(['u1', 'u2']);
    expect(failures.map((failure) => `${failure.type}: ${(failure.error as Error).message}`).sort()).toEqual([
      'user.changed: broken async handler',
      'user.changed: broken async handler',
      'user.changed: broken handler',
      'user.changed: broken handler',
    ]);
  });

  it('refuses an event raised in a transaction of a database it does not watch', async () => {
    const other = await createTestDatabase();
    try {
      await expect(
        other.db.transaction(async (transaction) => {
          events.publishAfterCommit(transaction, { type: 'listing.changed' });
        }),
      ).rejects.toThrow(/no domain-event bus watches/);
    } finally {
      await other.close();
    }
  });

  it('watches a database once however many buses are made on it', async () => {
    const second = createDomainEvents({ database: database.db });
    const heard: string[] = [];
    const stop = second.subscribe('listing.changed', () => {
      heard.push('second');
    });
    const heardFirst = await heardDuring(() =>
      database.db.transaction(async (transaction) => {
        events.publishAfterCommit(transaction, { type: 'listing.changed', productIds: ['first'] });
        second.publishAfterCommit(transaction, { type: 'listing.changed', productIds: ['second'] });
      }),
    );
    stop();
    expect(heardFirst).toEqual(['first']);
    expect(heard).toEqual(['second']);
  });

  it('types each handler by its event', () => {
    events.subscribe('refund.issued', (event) => {
      expectTypeOf(event).toEqualTypeOf<DomainEventOf<'refund.issued'>>();
      expectTypeOf(event.amountCents).toBeNumber();
    });
    // @ts-expect-error an event type nobody publishes
    expect(() => events.subscribe('listing.deleted', () => undefined)).not.toThrow();
    // @ts-expect-error a field the event does not have
    events.publish({ type: 'user.changed', userId: 'u', change: 'profile', productIds: [] });
  });
});
