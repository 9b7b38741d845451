import { z } from 'zod';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

// Paging of every list call: page from 1; a limit above the call's maximum is lowered to it
// (the original client asks for 9999 and then follows further pages; decision 012), never refused.
export const MAX_PAGE_LIMIT = 1000;

const positiveInt = defineSchema(() =>
  z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(2_147_483_647, m.invalidInput),
);

export function pagingQuery(defaultLimit: number, maxLimit: number = MAX_PAGE_LIMIT) {
  return {
    page: positiveInt.max(1_000_000, m.invalidInput).default(1),
    limit: z.coerce
      .number({ error: m.invalidInput })
      .int(m.invalidInput)
      .min(1, m.invalidInput)
      .default(defaultLimit)
      .transform((limit) => Math.min(limit, maxLimit)),
  };
}

/** A numeric id in a path or query (codes are positive 32-bit integers in both databases). */
export const idParam = positiveInt;

/**
 * Optional search text: trimmed; empty means no search. NUL is dropped, as stored text has none
 * (content loses it as an HTML parser would): SQLite's full-text MATCH ends its query at a NUL
 * (a syntax error, so a 500) and PostgreSQL refuses NUL in text.
 */
export const searchText = defineSchema(() =>
  z
    .string({ error: m.invalidInput })
    .transform((value) => value.replaceAll('\u0000', '').trim())
    .pipe(z.string().max(200, m.searchTooLong))
    .optional()
    .transform((value) => (value ? value : undefined)),
);

export const optionalId = defineSchema(() =>
  z
    .union([z.literal(''), positiveInt])
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : value)),
);

/**
 * A comma-separated list of problem uids ('3,5,8') for the calls that answer for a whole page of
 * problems at once; repeated uids count once.
 */
export function uidListParam(max: number, message: string = m.invalidInput) {
  return z
    .string({ error: message })
    .regex(new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${max - 1}}$`), message)
    .transform((list) => [...new Set(list.split(',').map(Number))])
    .refine((uids) => uids.every((uid) => uid <= 2_147_483_647), message);
}

export const pageInfoSchema = defineSchema(() => z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }));
