import { calendarDateIn } from '@marketplace/domain/pickup-schedule';
import { isAway, vacationUntilProblem } from '@marketplace/domain/vacation';
import type { SetVacationRequest, Vacation } from '@marketplace/contracts/shops';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { badRequest } from '../../lib/http-errors';
import { endVacationsDue, setVacation, type UserRecord } from './users.repository';

// A shop's vacation (docs/product/shops.md): the seller sets the day selling resumes and a message; until
// then the shop's listings show but cannot be put in a cart or bought (the cart and the checkout ask
// `vacationOf`). A job ends each vacation when its day comes. Open orders go on as before.

/** The vacation a seller's row holds while it lasts at `now`; null when the shop is open (or its day has come). */
export function vacationOf(seller: Pick<UserRecord, 'vacationUntil' | 'vacationMessage'>, now: Date): Vacation | null {
  return seller.vacationUntil && isAway(seller.vacationUntil, now) ? { until: seller.vacationUntil, message: seller.vacationMessage } : null;
}

export interface VacationService {
  get(seller: UserRecord): Vacation | null;
  set(seller: UserRecord, request: { until: string; message: string | null }): Promise<Vacation>;
  end(seller: UserRecord): Promise<void>;
  /** The job's round: opens every shop whose day has come; answers how many. */
  endDue(): Promise<number>;
}

export function createVacationService(deps: { db: Database; clock: Clock; events: DomainEventPublisher }): VacationService {
  // The shop's pages and the catalogue's caches follow a seller's profile: a changed vacation is one.
  const changed = (userId: string) => deps.events.publish({ type: 'user.changed', userId, change: 'profile' });
  return {
    get(seller) {
      return vacationOf(seller, deps.clock.now());
    },
    async set(seller, request) {
      const now = deps.clock.now();
      const problem = vacationUntilProblem(request.until, now);
      if (problem) throw badRequest(problem, { issues: [{ path: 'until', message: problem }] });
      await setVacation(deps.db, seller.id, { until: request.until, message: request.message }, now);
      changed(seller.id);
      return { until: request.until, message: request.message };
    },
    async end(seller) {
      if (!seller.vacationUntil) return;
      await setVacation(deps.db, seller.id, null, deps.clock.now());
      changed(seller.id);
    },
    async endDue() {
      const now = deps.clock.now();
      const ended = await endVacationsDue(deps.db, calendarDateIn(now), now);
      for (const userId of ended) changed(userId);
      return ended.length;
    },
  };
}

export type { SetVacationRequest };
