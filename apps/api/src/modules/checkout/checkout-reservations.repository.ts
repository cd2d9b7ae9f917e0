import { and, asc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkoutReservations, type ReservedStock } from './checkout.schema';

export type { ReservedStock };
export type CheckoutReservation = typeof checkoutReservations.$inferSelect;
export type NewCheckoutReservation = typeof checkoutReservations.$inferInsert;

/** Writes the reservation, unless the key already holds one: true when this one was written. */
export async function insertReservation(executor: Executor, reservation: NewCheckoutReservation): Promise<boolean> {
  const written = await executor.insert(checkoutReservations).values(reservation).onConflictDoNothing().returning({ id: checkoutReservations.id });
  return written.length > 0;
}

export async function findReservation(executor: Executor, id: string): Promise<CheckoutReservation | null> {
  const [row] = await executor.select().from(checkoutReservations).where(eq(checkoutReservations.id, id));
  return row ?? null;
}

/**
 * Takes the reservation out (its row locked until the transaction ends): the one transaction that gets it writes
 * the order or gives the units back; any other meanwhile finds none. With `requestHash`, only that request's.
 */
export async function takeReservation(executor: Executor, id: string, requestHash?: string): Promise<CheckoutReservation | null> {
  const [row] = await executor
    .delete(checkoutReservations)
    .where(and(eq(checkoutReservations.id, id), requestHash === undefined ? undefined : eq(checkoutReservations.requestHash, requestHash)))
    .returning();
  return row ?? null;
}

/** Reservations written before `before`, oldest first: left behind by a checkout that never came back. */
export async function findReservationsBefore(executor: Executor, before: Date, limit: number): Promise<{ id: string; stock: ReservedStock[] }[]> {
  return executor
    .select({ id: checkoutReservations.id, stock: checkoutReservations.stock })
    .from(checkoutReservations)
    .where(lt(checkoutReservations.createdAt, before))
    .orderBy(asc(checkoutReservations.createdAt))
    .limit(limit);
}
