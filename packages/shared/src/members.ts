import { z } from 'zod';
import { memberSchema } from './auth';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

export const memberCodeParamsSchema = defineSchema(() =>
  z.strictObject({
    code: z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).positive(m.invalidInput).max(2_147_483_647, m.invalidInput),
  }),
);

export const memberResponseSchema = defineSchema(() => z.object({ member: memberSchema }));
