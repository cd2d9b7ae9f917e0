import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC, publicAnswering } from '../../plugins/route-access';
import { SEO_CACHE_SECONDS, type SeoService } from './seo.service';

const CACHE_CONTROL = `public, max-age=${SEO_CACHE_SECONDS}`;
const XML = 'application/xml; charset=utf-8';

/**
 * What search engines read (docs/product/seo.md), at the site's root where they look for it. Real
 * routes: any other GET outside /api would get the web app's page instead.
 */
export const seoRoutes: FastifyPluginAsyncZod<{ seo: SeoService }> = async (app, { seo }) => {
  app.get(
    '/robots.txt',
    {
      config: { access: PUBLIC },
      schema: { tags: ['seo'], summary: 'What crawlers may read (the catalogue, the shops) and may not (personal areas, the API), and where the sitemap is' },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(seo.robotsTxt()),
  );

  app.get(
    '/sitemap.xml',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['seo'],
        summary: 'Every live product page and open shop, and the home and catalogue pages; an index of /sitemaps/… files past 50,000 URLs',
      },
    },
    async (_request, reply) => {
      const body = await seo.sitemap();
      return reply.type(XML).header('cache-control', CACHE_CONTROL).send(body);
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      config: { access: publicAnswering(404, 'the placeholder is no file of the sitemap') },
      schema: {
        tags: ['seo'],
        summary: 'One file of a split sitemap: pages.xml, products-<n>.xml, shops-<n>.xml (404 `{ error, code }` for any other)',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      // Read first: a missing file's 404 carries neither the XML type nor the public cache header.
      const body = await seo.sitemapFile(request.params.file);
      return reply.type(XML).header('cache-control', CACHE_CONTROL).send(body);
    },
  );
};
