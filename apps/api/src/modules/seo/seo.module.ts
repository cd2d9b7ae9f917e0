import { defineModule, type ModuleContext } from '../define-module';
import { seoRoutes } from './seo.routes';
import { createSeoService } from './seo.service';

/** What search engines read: /robots.txt and the sitemap of live products and shops, at the site's root, links from PUBLIC_URL. */
export const seoModule = defineModule({
  name: 'seo',
  async register(app, { config, database, clock }: ModuleContext) {
    await app.register(seoRoutes, { seo: createSeoService({ db: database.db, clock, publicUrl: config.publicUrl }) });
    return {};
  },
});
