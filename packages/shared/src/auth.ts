import { z } from 'zod';
import { ROLES } from './roles';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

// Signup text fields: 1–32 characters after trimming.
export const shortText = (message: string) => z.string({ error: message }).trim().min(1, message).max(32, message);

// Login takes an id or an e-mail in one field, so an id must never look like an e-mail: otherwise
// someone could sign up with another member's address as their id and shadow that member's login.
export const memberIdSchema = defineSchema(() => shortText(m.idLength).refine((id) => !id.includes('@'), m.idNoAtSign));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const SIGNUP_FIELD_MAX = 32;

export const passwordSchema = defineSchema(() => z.string({ error: m.passwordLength }).min(PASSWORD_MIN, m.passwordLength).max(PASSWORD_MAX, m.passwordLength));

export const signupRequestSchema = defineSchema(() =>
  z.strictObject({
    name: shortText(m.nameLength),
    id: memberIdSchema,
    password: passwordSchema,
    nickname: shortText(m.nicknameLength),
    school_no: shortText(m.schoolNoLength),
    /**
     * The current grade, 1–4 (issue 12 item 3): stored as the graduation year it means (./grade.ts), so a new
     * member appears in assignment and retention lists. The web form requires it; older clients
     * may leave it out, and the admin sets it when approving.
     */
    grade: z.number({ error: m.signupGradeRequired }).int(m.signupGradeRequired).min(1, m.signupGradeRequired).max(4, m.signupGradeRequired).optional(),
  }),
);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

// The web form adds the confirmation field; the server never sees it.
export const signupFormSchema = defineSchema(() =>
  signupRequestSchema
    .extend({
      password_confirm: z.string(),
      // A select's value: '1' to '4', required on the form.
      grade: z.string({ error: m.signupGradeRequired }).regex(/^[1-4]$/, m.signupGradeRequired),
    })
    .refine((v) => v.password === v.password_confirm, {
      message: m.passwordMismatch,
      path: ['password_confirm'],
    }),
);
export type SignupForm = z.infer<typeof signupFormSchema>;

// Decision 010: the login request sends the one trimmed identifier as both id and email.
const loginIdentifier = defineSchema(() => z.string({ error: m.loginIdRequired }).trim().max(254, m.loginIdRequired));
export const loginRequestSchema = defineSchema(() =>
  z
    .strictObject({
      id: loginIdentifier.optional(),
      email: loginIdentifier.optional(),
      password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(PASSWORD_MAX, m.passwordRequired),
    })
    .refine((v) => Boolean(v.id || v.email), { message: m.loginIdRequired, path: ['id'] }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginFormSchema = defineSchema(() =>
  z.object({
    identifier: z.string().trim().min(1, m.loginIdRequired),
    password: z.string().min(1, m.passwordRequired),
  }),
);

export const roleSchema = defineSchema(() => z.enum(ROLES));

// What the API says about a member: never the password hash or token version.
export const memberSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    id: z.string(),
    name: z.string(),
    nickname: z.string(),
    email: z.string().nullable(),
    school_no: z.string().nullable(),
    grad_year: z.number().int().nullable(),
    grade: z.number().int().nullable(),
    authority: z.number().int().nullable(),
    validated: z.number().int(),
    role: roleSchema,
    creation_time: z.string(),
  }),
);
export type Member = z.infer<typeof memberSchema>;

export const loginResponseSchema = defineSchema(() => z.object({ token: z.string(), user: memberSchema }));
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const signupResponseSchema = loginResponseSchema;
export const meResponseSchema = defineSchema(() => z.object({ user: memberSchema }));
export const okResponseSchema = defineSchema(() => z.object({ ok: z.literal(true) }));
