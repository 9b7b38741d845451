import type { MemberAuthorityFilter } from '@qbank/shared/member-admin';
import type { DbOrTx, Dialect } from '../core/db';
import { nowIso } from '../core/db';
import { containsText } from '../search/text-match';
import type { MemberRow, MemberUpdate, NewMember } from '../db/schema';
import { onePage, type Paging } from '../core/paging';

export function findMemberById(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Login accepts the member id or the e-mail (stored lower-case). New ids cannot contain '@', so an
 * identifier with '@' means an e-mail and one without means an id; the other match is only a
 * fallback, so an id that looks like someone's e-mail can never shadow that member's login.
 */
export async function findMemberByLoginIdentifier(db: DbOrTx, identifier: string): Promise<MemberRow | undefined> {
  const email = identifier.toLowerCase();
  const rows = await db
    .selectFrom('members')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', identifier), eb('email', '=', email)]))
    .orderBy('code')
    .execute();
  const preferEmail = identifier.includes('@');
  const preferred = rows.find((row) => (preferEmail ? row.email === email : row.id === identifier));
  return preferred ?? rows[0];
}

export async function findUniqueFieldClashes(
  db: DbOrTx,
  values: { id: string; school_no: string | null; email: string | null },
): Promise<Array<'id' | 'school_no' | 'email'>> {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'school_no', 'email'])
    .where((eb) => {
      const clauses = [eb('id', '=', values.id)];
      if (values.school_no) clauses.push(eb('school_no', '=', values.school_no));
      if (values.email) clauses.push(eb('email', '=', values.email));
      return eb.or(clauses);
    })
    .execute();
  const clashes = new Set<'id' | 'school_no' | 'email'>();
  for (const row of rows) {
    if (row.id === values.id) clashes.add('id');
    if (values.school_no && row.school_no === values.school_no) clashes.add('school_no');
    if (values.email && row.email === values.email) clashes.add('email');
  }
  return [...clashes];
}

export async function insertMember(db: DbOrTx, member: NewMember): Promise<MemberRow> {
  const now = nowIso();
  return db
    .insertInto('members')
    .values({ creation_time: now, update_time: now, ...member })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function bumpTokenVersion(db: DbOrTx, code: number): Promise<void> {
  await db
    .updateTable('members')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), update_time: nowIso() }))
    .where('code', '=', code)
    .execute();
}

export async function countMembers(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface MemberListFilters {
  validated?: 0 | 1 | undefined;
  authority?: MemberAuthorityFilter | undefined;
  /** Calculated grade, already turned into the grad_year that yields it. */
  gradYear?: number | undefined;
  name?: string | undefined;
  email?: string | undefined;
  /** Id, name or nickname. */
  q?: string | undefined;
}

function filteredMembers(db: DbOrTx, dialect: Dialect, filters: MemberListFilters) {
  const { authority } = filters;
  return db
    .selectFrom('members')
    .$if(filters.validated !== undefined, (qb) => qb.where('validated', '=', filters.validated!))
    .$if(authority === 'none', (qb) => qb.where((eb) => eb.or([eb('authority', 'is', null), eb('authority', '=', 0)])))
    .$if(typeof authority === 'number', (qb) => qb.where('authority', '=', authority as number))
    .$if(filters.gradYear !== undefined, (qb) => qb.where('grad_year', '=', filters.gradYear!))
    .$if(filters.name !== undefined, (qb) => qb.where(containsText(dialect, 'members.name', filters.name!)))
    .$if(filters.email !== undefined, (qb) => qb.where(containsText(dialect, 'members.email', filters.email!)))
    .$if(filters.q !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          containsText(dialect, 'members.id', filters.q!),
          containsText(dialect, 'members.name', filters.q!),
          containsText(dialect, 'members.nickname', filters.q!),
        ]),
      ),
    );
}

/** Newest first (the approval screen shows the latest sign-ups on top), paged in SQL. */
export async function listMembers(db: DbOrTx, dialect: Dialect, filters: MemberListFilters, paging: Paging): Promise<{ rows: MemberRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filteredMembers(db, dialect, filters).selectAll().orderBy('creation_time', 'desc').orderBy('code', 'desc').$call(onePage(paging)).execute(),
    filteredMembers(db, dialect, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** `lock` (PostgreSQL only: SQLite runs one writer at a time) holds the rows until the transaction ends. */
export function findMembersByCodes(db: DbOrTx, codes: readonly number[], options: { lock?: boolean } = {}): Promise<MemberRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('members')
    .selectAll()
    .where('code', 'in', codes)
    .orderBy('code')
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .execute();
}

export async function isEmailTaken(db: DbOrTx, email: string, exceptCode: number): Promise<boolean> {
  const row = await db.selectFrom('members').select('code').where('email', '=', email).where('code', '!=', exceptCode).executeTakeFirst();
  return row !== undefined;
}

export async function updateMember(
  db: DbOrTx,
  code: number,
  changes: Pick<MemberUpdate, 'authority' | 'validated' | 'grade' | 'grad_year' | 'password_hash' | 'email'>,
): Promise<MemberRow | undefined> {
  return db
    .updateTable('members')
    .set({ ...changes, update_time: nowIso() })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Stores a hash of the same password made with today's parameters (decision 213), unless the
 * password changed since `oldHash` was read: a concurrent password change wins. Not a member
 * edit, so update_time stays.
 */
export async function replacePasswordHash(db: DbOrTx, code: number, oldHash: string, newHash: string): Promise<void> {
  await db.updateTable('members').set({ password_hash: newHash }).where('code', '=', code).where('password_hash', '=', oldHash).execute();
}

/** Authored content stays (its member column becomes null); boxes, runs and assignments go. */
export async function deleteMember(db: DbOrTx, code: number): Promise<boolean> {
  const result = await db.deleteFrom('members').where('code', '=', code).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
