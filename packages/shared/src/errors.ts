import { z } from 'zod';
import { defineSchema } from './define-schema';

// Decision 121: every error the API returns has this shape.
export const apiErrorSchema = defineSchema(() =>
  z.object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** On a 5xx: the request's id (also its `x-request-id` header and in its log lines, decision 133). */
    request_id: z.string().optional(),
  }),
);
export type ApiError = z.infer<typeof apiErrorSchema>;

// The codes live in a module without zod, so the web app's first screen can read them (decision 050).
export { ERROR_CODES } from './error-codes';
