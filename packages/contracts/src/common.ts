import { z } from 'zod';

/** Every failed API call answers with this shape (`issues` only for validation failures). */
export const errorResponseSchema = z.object({
  error: z.string(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
