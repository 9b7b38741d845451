import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * Mantine form validation from a shared zod schema: the first issue of each field becomes
 * that field's message, so the form shows exactly the texts the server would answer with.
 */
export function zodResolver<Values>(schema: z.ZodType<unknown, Values>) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
