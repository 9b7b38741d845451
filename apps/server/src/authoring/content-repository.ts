import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Database, ProblemsTable } from '../db/schema';

// SQL of the write path of problem content (./content.ts decides, in the caller's transaction).

type Trx = Transaction<Database>;

/** The problem row, locked for the rest of the transaction on PostgreSQL. */
export async function findProblemForWrite(trx: Trx, uid: number, lock: boolean): Promise<Selectable<ProblemsTable> | undefined> {
  return (
    trx
      .selectFrom('problems')
      .selectAll()
      .where('uid', '=', uid)
      // SQLite has one writer at a time; PostgreSQL needs the row lock so two saves queue.
      .$if(lock, (qb) => qb.forUpdate())
      .executeTakeFirst()
  );
}

export async function findSetHeaderExam(trx: Trx, code: number): Promise<number | undefined> {
  return (await trx.selectFrom('set_headers').select('test_code').where('code', '=', code).executeTakeFirst())?.test_code;
}

/** How many of `classUids` are classes of the exam's subject. */
export async function countClassesOfExam(trx: Trx, testCode: number, classUids: number[]): Promise<number> {
  const found = await trx
    .selectFrom('classes')
    .innerJoin('tests', 'tests.subject_code', 'classes.subject_code')
    .select('classes.uid')
    .where('tests.code', '=', testCode)
    .where('classes.uid', 'in', classUids)
    .execute();
  return found.length;
}

export async function isSlotTaken(trx: Trx, slot: { test_code: number; type: number; no: number }): Promise<boolean> {
  const taken = await trx
    .selectFrom('problems')
    .select('uid')
    .where('test_code', '=', slot.test_code)
    .where('type', '=', slot.type)
    .where('no', '=', slot.no)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function listProblemClassUids(trx: Trx, uid: number): Promise<number[]> {
  return (await trx.selectFrom('problem_classes').select('class_uid').where('problem_uid', '=', uid).execute()).map((row) => row.class_uid);
}

export async function insertProblemVersion(
  trx: Trx,
  version: { problem_uid: number; snapshot: string; edited_by: number | null; creation_time: string },
): Promise<void> {
  await trx.insertInto('problem_versions').values(version).execute();
}

export async function updateProblemContent(trx: Trx, uid: number, values: Updateable<ProblemsTable>): Promise<Selectable<ProblemsTable>> {
  return trx.updateTable('problems').set(values).where('uid', '=', uid).returningAll().executeTakeFirstOrThrow();
}

export async function replaceProblemClasses(trx: Trx, uid: number, classUids: number[]): Promise<void> {
  await trx.deleteFrom('problem_classes').where('problem_uid', '=', uid).execute();
  if (classUids.length > 0) {
    await trx
      .insertInto('problem_classes')
      .values(classUids.map((class_uid) => ({ problem_uid: uid, class_uid })))
      .execute();
  }
}
