import { z } from 'zod';
import { defineSchema } from './define-schema';

// The 참고치 (laboratory reference values) panel of the answering screens (issue 30 item 4,
// decision 168). The default table is reference-values-data.ts; a lead may replace it.

export const referenceMessages = {
  sourceRequired: '참고치의 출처를 1~500자로 입력하세요.',
  valuesRequired: '참고치를 1~400개 입력하세요.',
  rowInvalid: '참고치 항목의 분류, 이름, 범위를 입력하세요(각 100자 이내).',
} as const;
const r = referenceMessages;

export const REFERENCE_VALUES_MAX = 400;

const cell = (required: boolean) => {
  const text = z.string({ error: r.rowInvalid }).transform((value) => value.replaceAll('\u0000', '').trim());
  return text.pipe(required ? z.string().min(1, r.rowInvalid).max(100, r.rowInvalid) : z.string().max(100, r.rowInvalid));
};

export const referenceValueSchema = defineSchema(() =>
  z.strictObject({ category: cell(true), name: cell(true), abbr: cell(false), range: cell(true), unit: cell(false) }, { error: r.rowInvalid }),
);
export type ReferenceValue = z.input<typeof referenceValueSchema>;

/** PUT /v1/reference-values: the whole table (leads). */
export const referenceTableSchema = defineSchema(() =>
  z.strictObject({
    source: z.string({ error: r.sourceRequired }).trim().min(1, r.sourceRequired).max(500, r.sourceRequired),
    values: z.array(referenceValueSchema, { error: r.valuesRequired }).min(1, r.valuesRequired).max(REFERENCE_VALUES_MAX, r.valuesRequired),
  }),
);
export type ReferenceTable = z.input<typeof referenceTableSchema>;

/** GET /v1/reference-values: the table in force; `edited` is null while it is the default. */
export const referenceTableResponseSchema = defineSchema(() =>
  z.object({
    source: z.string(),
    values: z.array(z.object({ category: z.string(), name: z.string(), abbr: z.string(), range: z.string(), unit: z.string() })),
    edited: z.object({ by: z.string(), at: z.string() }).nullable(),
  }),
);
export type ReferenceTableResponse = z.infer<typeof referenceTableResponseSchema>;

/** Rows whose name, abbreviation or category contains the query (case and spaces ignored). */
export function searchReferenceValues<T extends { category: string; name: string; abbr: string }>(values: readonly T[], query: string): T[] {
  const needle = query.toLowerCase().replace(/\s+/g, '');
  if (!needle) return [...values];
  return values.filter((row) => [row.name, row.abbr, row.category].some((text) => text.toLowerCase().replace(/\s+/g, '').includes(needle)));
}
