import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { memberEmailSchema } from './member-admin';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

// Password change in two steps (decision 124): a signed-in request mails a single-use
// link; the public confirmation applies it.

/** How long the mailed link works. */
export const PASSWORD_CHANGE_TTL_MINUTES = 30;
/** The link is `PUBLIC_URL` + this path + `?token=…`. */
export const PASSWORD_CHANGE_CONFIRM_PATH = '/change-password';

const newPassword = defineSchema(() => z.string({ error: m.newPasswordLength }).min(PASSWORD_MIN, m.newPasswordLength).max(PASSWORD_MAX, m.newPasswordLength));

// POST /v1/auth/update-password/request (id, email, old_password, new_password).
export const passwordChangeRequestSchema = defineSchema(() =>
  z.strictObject({
    id: z.string({ error: m.passwordChangeUserMissing }).trim().min(1, m.passwordChangeUserMissing).max(32, m.passwordChangeUserMissing),
    email: memberEmailSchema,
    old_password: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired).max(PASSWORD_MAX, m.currentPasswordRequired),
    new_password: newPassword,
  }),
);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const passwordChangeRequestResponseSchema = defineSchema(() =>
  z.object({
    ok: z.literal(true),
    /** When the mailed link stops working (ISO-8601). */
    expires_at: z.string(),
  }),
);

// The settings form adds the confirmation of the new password; the server never sees it.
export const passwordChangeFormSchema = defineSchema(() =>
  z
    .object({
      email: memberEmailSchema,
      old_password: z.string().min(1, m.currentPasswordRequired),
      new_password: newPassword,
      new_password_confirm: z.string(),
    })
    .refine((v) => v.new_password === v.new_password_confirm, {
      message: m.newPasswordMismatch,
      path: ['new_password_confirm'],
    }),
);
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

// POST /v1/auth/update-password/confirm. The token is trimmed; a missing one has its own
// text, and anything that cannot be a token reads as an invalid link.
export const passwordChangeConfirmSchema = defineSchema(() =>
  z.strictObject({
    token: z.string({ error: m.passwordChangeTokenMissing }).trim().min(1, m.passwordChangeTokenMissing).max(256, m.passwordChangeConfirmFailed),
  }),
);
export type PasswordChangeConfirm = z.infer<typeof passwordChangeConfirmSchema>;

export const passwordChangeConfirmResponseSchema = defineSchema(() => z.object({ ok: z.literal(true) }));
