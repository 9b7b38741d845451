import { z } from 'zod';
import { memberIdSchema, memberSchema, shortText } from './auth';
import { koreanYear } from './format';
import { validationMessages as m } from './messages';
import { pageInfoSchema, pagingQuery, searchText } from './paging';
import { defineSchema } from './define-schema';

// Member administration (decision 122): requests and responses of the
// admin screens (approvals, leads, admins, members, users) and of grade retention.

/** The admin screens fetch 9999 members at once; that is the most one page holds. */
export const MEMBER_LIST_MAX_LIMIT = 9999;
export const MEMBER_PAGE_SIZE = 20;
/** Grades the admin filter offers (1 to 6; the lead screens use 1 to 4). */
export const MEMBER_GRADE_MIN = 1;
export const MEMBER_GRADE_MAX = 6;
export const RETAIN_MAX_MEMBERS = 1000;

/** The school year is counted on Korea's calendar, wherever the server runs. */
export function currentKoreanYear(now: Date = new Date()): number {
  return koreanYear(now);
}

/** The grad_year whose calculated grade (5 − (grad_year − current year), @qbank/shared/grade) is `grade`. */
export function gradYearForGrade(grade: number, currentYear: number): number {
  return currentYear + 5 - grade;
}

/** A member e-mail: required, valid, trimmed and stored lower-case. */
export const memberEmailSchema = defineSchema(() =>
  z
    .string({ error: m.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, m.emailRequired)
    .max(254, m.emailFormat)
    .pipe(z.email({ error: m.emailFormat })),
);

export const memberGradeSchema = defineSchema(() =>
  z.number({ error: m.gradeRange }).int(m.gradeRange).min(MEMBER_GRADE_MIN, m.gradeRange).max(MEMBER_GRADE_MAX, m.gradeRange),
);

const emptyAsUndefined = <T>(value: T | '' | undefined): T | undefined => (value === '' ? undefined : value);

// GET /v1/member/members. authority: '0' or 'none' is a student (null or 0), 1 admin, 2 lead,
// 3 superadmin; grade is the calculated grade.
export const memberListQuerySchema = defineSchema(() =>
  z.strictObject({
    validated: z
      .enum(['', '0', '1'], { error: m.validatedInvalid })
      .optional()
      .transform((v) => (v ? (Number(v) as 0 | 1) : undefined)),
    authority: z
      .enum(['', '0', 'none', '1', '2', '3'], { error: m.invalidInput })
      .optional()
      .transform((v) => (!v ? undefined : v === '0' || v === 'none' ? ('none' as const) : (Number(v) as 1 | 2 | 3))),
    grade: z
      .union([
        z.literal(''),
        z.coerce.number({ error: m.gradeRange }).int(m.gradeRange).min(MEMBER_GRADE_MIN, m.gradeRange).max(MEMBER_GRADE_MAX, m.gradeRange),
      ])
      .optional()
      .transform(emptyAsUndefined),
    name: searchText,
    email: searchText,
    q: searchText,
    ...pagingQuery(MEMBER_PAGE_SIZE, MEMBER_LIST_MAX_LIMIT),
  }),
);
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;
export type MemberAuthorityFilter = NonNullable<MemberListQuery['authority']>;

export const memberListResponseSchema = defineSchema(() =>
  pageInfoSchema.extend({
    members: z.array(memberSchema),
    /** Members in this page. */
    size: z.number().int(),
  }),
);
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

// POST /v1/member/{code}/authority: 1 appoints an admin, 2 a lead, null removes the role.
// Appointing a lead may set the grade they lead in the same call.
export const memberAuthorityRequestSchema = defineSchema(() =>
  z
    .strictObject({
      authority: z.union([z.literal(1), z.literal(2), z.null()], { error: m.authorityInvalid }),
      grade: memberGradeSchema.optional(),
    })
    .refine((v) => v.grade === undefined || v.authority === 2, { message: m.gradeOnlyForLead, path: ['grade'] }),
);
export type MemberAuthorityRequest = z.infer<typeof memberAuthorityRequestSchema>;

// PATCH /v1/member/{code}: the grade (null clears it) and the approval toggle.
export const memberUpdateRequestSchema = defineSchema(() =>
  z
    .strictObject({
      grade: memberGradeSchema.nullable().optional(),
      validated: z.union([z.literal(0), z.literal(1)], { error: m.validatedInvalid }).optional(),
    })
    .refine((v) => v.grade !== undefined || v.validated !== undefined, { message: m.memberNothingToUpdate, path: ['_'] }),
);
export type MemberUpdateRequest = z.infer<typeof memberUpdateRequestSchema>;

// POST /v1/member: an admin adds a member directly, approved at once (signup rules for the fields).
export const memberCreateRequestSchema = defineSchema(() =>
  z.strictObject({
    name: shortText(m.nameLength),
    id: memberIdSchema,
    nickname: shortText(m.nicknameLength),
    school_no: shortText(m.schoolNoLength),
    email: memberEmailSchema,
    grade: memberGradeSchema.nullable().optional(),
  }),
);
export type MemberCreateRequest = z.infer<typeof memberCreateRequestSchema>;

export const memberCreateResponseSchema = defineSchema(() =>
  z.object({
    member: memberSchema,
    /** Shown once to the admin who added the member; only its hash is kept. */
    one_time_password: z.string(),
  }),
);

export const memberDeleteResponseSchema = defineSchema(() => z.object({ ok: z.literal(true), code: z.number().int() }));

// POST /v1/member/retain-grade: grad_year + 1 for each member, all or nothing.
export const retainGradeRequestSchema = defineSchema(() =>
  z.strictObject({
    member_codes: z
      .array(z.number({ error: m.invalidInput }).int(m.invalidInput).positive(m.invalidInput).max(2_147_483_647, m.invalidInput), {
        error: m.retainSelectionRequired,
      })
      .min(1, m.retainSelectionRequired)
      .max(RETAIN_MAX_MEMBERS, m.retainTooMany),
  }),
);
export type RetainGradeRequest = z.infer<typeof retainGradeRequestSchema>;

export const retainGradeResponseSchema = defineSchema(() =>
  z.object({
    count: z.number().int(),
    members: z.array(memberSchema),
  }),
);
export type RetainGradeResponse = z.infer<typeof retainGradeResponseSchema>;
