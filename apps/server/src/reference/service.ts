import { DEFAULT_REFERENCE_TABLE } from '@qbank/shared/reference-values-data';
import { referenceTableSchema, type ReferenceTableResponse } from '@qbank/shared/reference-values';
import type { z } from 'zod';
import type { AppContext } from '../core/context';
import type { DbOrTx } from '../core/db';
import { recordAudit, type AuditActor } from '../audit/service';
import { findReferenceTable, saveReferenceTable } from './repository';

// The 참고치 table (issue 30 item 4, decision 168): the leads' edition when there is one, else the
// default data file both apps carry.

type Table = z.output<typeof referenceTableSchema>;

async function tableInForce(db: DbOrTx): Promise<ReferenceTableResponse> {
  const row = await findReferenceTable(db);
  if (row) {
    const stored = referenceTableSchema.safeParse(JSON.parse(row.content));
    if (stored.success) return { ...stored.data, edited: { by: row.editor_name ?? '', at: row.update_time } };
  }
  return { ...referenceTableSchema.parse(DEFAULT_REFERENCE_TABLE), edited: null };
}

export async function getReferenceTable(ctx: AppContext): Promise<ReferenceTableResponse> {
  return tableInForce(ctx.db);
}

/** A table as an audit entry compares it: its source, its size, and each row by category · name. */
function auditFields(table: Pick<Table, 'source' | 'values'>): Record<string, unknown> {
  const rows = table.values.map((row) => [`${row.category} · ${row.name}`, [row.abbr, row.range, row.unit].filter(Boolean).join(' ')]);
  return { source: table.source, values: table.values.length, ...Object.fromEntries(rows) };
}

/** A lead replaces the whole table; the entry (decision 161) keeps the rows that changed. */
export async function replaceReferenceTable(ctx: AppContext, actor: NonNullable<AuditActor>, table: Table): Promise<ReferenceTableResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await tableInForce(trx);
    await saveReferenceTable(trx, JSON.stringify(table), actor.code);
    await recordAudit(trx, {
      actor,
      action: 'reference.replace',
      target: { kind: 'setting', id: 'reference-values', label: '참고치 표' },
      before: auditFields(before),
      after: auditFields(table),
    });
  });
  return getReferenceTable(ctx);
}
