import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam, uidListParam } from './paging';
import { defineSchema } from './define-schema';

// What a member marks on a problem while answering it (issue 30 items 1–3): the options they
// struck out, the passages they highlighted (형광펜) and the "나중에 다시 보기" mark. One row per
// member and problem (table problem_annotations), so they follow the member across reloads and
// devices. Only the member ever sees them.

export const annotationMessages = {
  strikesInvalid: '지운 보기 번호가 올바르지 않습니다.',
  highlightsInvalid: '형광펜 범위가 올바르지 않습니다.',
  highlightsTooMany: `형광펜은 한 문제에 ${50}곳까지 칠할 수 있습니다.`,
  markedRequired: '다시 보기 표시 여부를 지정하세요.',
  changedAtInvalid: '바꾼 시각이 올바르지 않습니다.',
} as const;
const a = annotationMessages;

/** Options are numbered ①…⑩ (1–10) on every problem type that has options. */
export const MAX_OPTION_NUMBER = 10;
export const MAX_HIGHLIGHTS = 50;
/** Offsets count characters of the part's plain text; stems and passages are far shorter. */
const MAX_OFFSET = 100_000;

/** The parts of a problem a member can highlight: the stem, the options' block, the shared case. */
export const HIGHLIGHT_PARTS = ['question', 'illustration', 'passage'] as const;
export type HighlightPart = (typeof HIGHLIGHT_PARTS)[number];

export const annotationParamsSchema = defineSchema(() => z.strictObject({ id: idParam }));

/**
 * When the member made a change (their clock). Every annotation write takes it: a change queued
 * offline and sent later does not overwrite a newer one made on another device meanwhile.
 */
const changedAtSchema = () => z.iso.datetime({ error: a.changedAtInvalid }).optional();

/** PUT /v1/problem/{id}/strikes: the whole set of struck options; empty restores them all. */
export const strikesRequestSchema = defineSchema(() =>
  z.strictObject({
    options: z
      .array(z.number({ error: a.strikesInvalid }).int(a.strikesInvalid).min(1, a.strikesInvalid).max(MAX_OPTION_NUMBER, a.strikesInvalid), {
        error: a.strikesInvalid,
      })
      .max(MAX_OPTION_NUMBER, a.strikesInvalid)
      .transform((options) => [...new Set(options)].sort((x, y) => x - y)),
    changed_at: changedAtSchema(),
  }),
);
export type StrikesRequest = z.input<typeof strikesRequestSchema>;

export const highlightSchema = defineSchema(() =>
  z
    .strictObject(
      {
        part: z.enum(HIGHLIGHT_PARTS, { error: a.highlightsInvalid }),
        start: z.number({ error: a.highlightsInvalid }).int(a.highlightsInvalid).min(0, a.highlightsInvalid).max(MAX_OFFSET, a.highlightsInvalid),
        end: z.number({ error: a.highlightsInvalid }).int(a.highlightsInvalid).min(1, a.highlightsInvalid).max(MAX_OFFSET, a.highlightsInvalid),
      },
      { error: a.highlightsInvalid },
    )
    .refine((range) => range.start < range.end, a.highlightsInvalid),
);
export type Highlight = z.infer<typeof highlightSchema>;

/** PUT /v1/problem/{id}/highlights: the whole list of highlights; empty clears them. */
export const highlightsRequestSchema = defineSchema(() =>
  z.strictObject({
    highlights: z.array(highlightSchema, { error: a.highlightsInvalid }).max(MAX_HIGHLIGHTS, a.highlightsTooMany),
    changed_at: changedAtSchema(),
  }),
);
export type HighlightsRequest = z.input<typeof highlightsRequestSchema>;

/** PUT /v1/problem/{id}/mark: "나중에 다시 보기" on or off. */
export const markRequestSchema = defineSchema(() => z.strictObject({ marked: z.boolean({ error: a.markedRequired }), changed_at: changedAtSchema() }));
export type MarkRequest = z.input<typeof markRequestSchema>;

export const annotationSchema = defineSchema(() =>
  z.object({
    problem_uid: z.number().int(),
    struck: z.array(z.number().int()),
    highlights: z.array(z.object({ part: z.enum(HIGHLIGHT_PARTS), start: z.number().int(), end: z.number().int() })),
    marked: z.boolean(),
    update_time: z.string(),
  }),
);
export type Annotation = z.infer<typeof annotationSchema>;

/** The member's annotation of a problem, or null when nothing is struck, highlighted or marked. */
export const annotationResponseSchema = defineSchema(() => z.object({ annotation: annotationSchema.nullable() }));
export type AnnotationResponse = z.infer<typeof annotationResponseSchema>;

/** A session's or a page's problems are asked for in one call. */
export const ANNOTATIONS_BATCH_MAX = 200;

/** GET /v1/annotations?problem_uids=3,5,8: the member's annotations of those problems. */
export const annotationsQuerySchema = defineSchema(() => z.strictObject({ problem_uids: uidListParam(ANNOTATIONS_BATCH_MAX, m.invalidInput) }));

export const annotationsResponseSchema = defineSchema(() => z.object({ annotations: z.array(annotationSchema) }));
export type AnnotationsResponse = z.infer<typeof annotationsResponseSchema>;
