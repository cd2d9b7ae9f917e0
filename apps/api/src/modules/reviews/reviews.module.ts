import { defineModule, type ModuleContext } from '../define-module';
import { reviewRoutes } from './reviews.routes';
import { createReviewsService } from './reviews.service';

/** Verified-purchase reviews, the seller's reply, helpful votes, moderation; ratings kept on the listings. */
export const reviewsModule = defineModule({
  name: 'reviews',
  async register(app, { database, files, clock, events }: ModuleContext) {
    const reviews = createReviewsService({ db: database.db, files, clock, events });
    await app.register(reviewRoutes, { prefix: '/api', reviews });
    // The jobs ask buyers for their reviews.
    return { reviews };
  },
});
