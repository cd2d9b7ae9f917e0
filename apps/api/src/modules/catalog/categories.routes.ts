import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { PUBLIC } from '../../plugins/route-access';
import { listCategories } from './categories.repository';

const categorySchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const categoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['catalog'],
        summary: 'Product categories (public)',
        response: { 200: z.object({ categories: z.array(categorySchema) }) },
      },
    },
    async () => ({ categories: (await listCategories(db)).map(({ id, name, slug }) => ({ id, name, slug })) }),
  );
};
