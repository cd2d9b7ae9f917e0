// The seo module's public surface: robots.txt and the sitemap (docs/product/seo.md).

export { seoRoutes } from './seo.routes';
export { createSeoService, type SeoService } from './seo.service';
