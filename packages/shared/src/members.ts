import { z } from 'zod';
import { memberSchema } from './auth';
import { validationMessages as m } from './messages';

export const memberCodeParamsSchema = z.strictObject({
  code: z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).positive(m.invalidInput).max(2_147_483_647, m.invalidInput),
});

export const memberResponseSchema = z.object({ member: memberSchema });
