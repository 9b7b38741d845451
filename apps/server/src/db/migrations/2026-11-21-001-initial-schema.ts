import { sql, type Kysely } from 'kysely';

// Frozen in time (Kysely migration guide): takes Kysely<any>, imports no application code.
// The whole data model of the product (db/schema.ts) in one migration, so that later features add code, not tables.
// Times are ISO-8601 UTC strings and flags are 0/1 integers in both dialects, so rows read
// the same on SQLite and PostgreSQL.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn(name === 'classes' || name === 'problems' ? 'uid' : 'code', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('members')
    .addColumn('id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('school_no', 'varchar(32)', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('grad_year', 'integer')
    .addColumn('grade', 'integer')
    .addColumn('authority', 'integer')
    .addColumn('validated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('members_validated_creation_idx').on('members').columns(['validated', 'creation_time']).execute();
  await db.schema.createIndex('members_authority_idx').on('members').column('authority').execute();
  await db.schema.createIndex('members_grad_year_idx').on('members').column('grad_year').execute();

  await table('subjects')
    .addColumn('subject_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('abbr', 'varchar(32)')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cliexam_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('subjects_type_idx').on('subjects').column('type').execute();
  await db.schema.createIndex('subjects_name_idx').on('subjects').column('subject_name').execute();

  await db.schema
    .createTable('subject_grades')
    .addColumn('subject_code', 'integer', (c) => c.notNull().references('subjects.code').onDelete('cascade'))
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('subject_grades_pk', ['subject_code', 'grade'])
    .execute();
  await db.schema.createIndex('subject_grades_grade_idx').on('subject_grades').column('grade').execute();

  await table('classes')
    .addColumn('subject_code', 'integer', (c) => c.notNull().references('subjects.code').onDelete('cascade'))
    .addColumn('class_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('class_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('class_time', 'integer')
    .addColumn('professor', 'varchar(100)')
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('classes_subject_date_idx').on('classes').columns(['subject_code', 'class_date']).execute();

  await table('tests')
    .addColumn('test_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('subject_code', 'integer', (c) => c.notNull().references('subjects.code').onDelete('restrict'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('tests_year_idx').on('tests').columns(['year', 'code']).execute();
  await db.schema.createIndex('tests_subject_year_idx').on('tests').columns(['subject_code', 'year']).execute();

  await db.schema
    .createTable('test_grades')
    .addColumn('test_code', 'integer', (c) => c.notNull().references('tests.code').onDelete('cascade'))
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_grades_pk', ['test_code', 'grade'])
    .execute();

  await table('set_headers')
    .addColumn('test_code', 'integer', (c) => c.notNull().references('tests.code').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('begin_problem_no', 'integer', (c) => c.notNull())
    .addColumn('end_problem_no', 'integer', (c) => c.notNull())
    .addColumn('header_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pic_path', 'text')
    .execute();
  await db.schema.createIndex('set_headers_test_idx').on('set_headers').columns(['test_code', 'begin_problem_no']).execute();

  // question holds sanitized HTML; question_text is its plain text, kept for search and list previews.
  await table('problems')
    .addColumn('test_code', 'integer', (c) => c.notNull().references('tests.code').onDelete('cascade'))
    .addColumn('no', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('choice_type', 'integer')
    .addColumn('question', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('question_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('illustration', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_vacant', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('question_pic_path', 'text')
    .addColumn('answer_pic_path', 'text')
    .addColumn('comment_pic_path', 'text')
    // Plain text of question, choices, answer and explanation: the one document search reads.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('set_header_code', 'integer', (c) => c.references('set_headers.code').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('problems_test_type_no_uq', ['test_code', 'type', 'no'])
    .execute();
  await db.schema.createIndex('problems_test_vacant_no_idx').on('problems').columns(['test_code', 'is_vacant', 'no']).execute();
  await db.schema.createIndex('problems_set_header_idx').on('problems').column('set_header_code').execute();

  // Korean substring search through an index, not a scan: FTS5 with the trigram tokenizer on
  // SQLite (kept in step by triggers), a pg_trgm GIN index on PostgreSQL.
  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index problems_search_trgm_idx on problems using gin (search_text gin_trgm_ops)`.execute(db);
  } else {
    await sql`create virtual table problems_fts using fts5(search_text, content='problems', content_rowid='uid', tokenize='trigram')`.execute(db);
    await sql`create trigger problems_fts_insert after insert on problems begin
      insert into problems_fts(rowid, search_text) values (new.uid, new.search_text); end`.execute(db);
    await sql`create trigger problems_fts_delete after delete on problems begin
      insert into problems_fts(problems_fts, rowid, search_text) values ('delete', old.uid, old.search_text); end`.execute(db);
    await sql`create trigger problems_fts_update after update of search_text on problems begin
      insert into problems_fts(problems_fts, rowid, search_text) values ('delete', old.uid, old.search_text);
      insert into problems_fts(rowid, search_text) values (new.uid, new.search_text); end`.execute(db);
  }

  // Every save of a problem keeps the previous version, so hand-made content is never lost.
  await table('problem_versions')
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('edited_by', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('problem_versions_problem_idx').on('problem_versions').columns(['problem_uid', 'creation_time']).execute();

  await db.schema
    .createTable('problem_classes')
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('class_uid', 'integer', (c) => c.notNull().references('classes.uid').onDelete('cascade'))
    .addPrimaryKeyConstraint('problem_classes_pk', ['problem_uid', 'class_uid'])
    .execute();
  await db.schema.createIndex('problem_classes_class_idx').on('problem_classes').columns(['class_uid', 'problem_uid']).execute();

  await db.schema
    .createTable('problem_replies')
    .addColumn('reply_code', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('reply_text', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('problem_replies_problem_idx').on('problem_replies').columns(['problem_uid', 'creation_time']).execute();

  // solve_slot marks the solve-mode boxes (1 important, 2 wrong-answer notes), one each per member.
  await table('boxes')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('box_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('precidence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solve_slot', 'integer')
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('boxes_member_solve_slot_uq', ['member_code', 'solve_slot'])
    .execute();
  await db.schema.createIndex('boxes_member_precidence_idx').on('boxes').columns(['member_code', 'precidence']).execute();

  await db.schema
    .createTable('box_problems')
    .addColumn('box_code', 'integer', (c) => c.notNull().references('boxes.code').onDelete('cascade'))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('box_problems_pk', ['box_code', 'problem_uid'])
    .execute();
  await db.schema.createIndex('box_problems_problem_idx').on('box_problems').column('problem_uid').execute();

  // A run is one pass of a member through an exam in solve mode; "restart" begins a new run,
  // and every attempt of every run is kept.
  await table('solve_runs')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('test_code', 'integer', (c) => c.notNull().references('tests.code').onDelete('cascade'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('solve_runs_member_test_idx').on('solve_runs').columns(['member_code', 'test_code', 'code']).execute();

  await table('solve_attempts')
    .addColumn('run_code', 'integer', (c) => c.notNull().references('solve_runs.code').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('is_correct', 'integer', (c) => c.notNull())
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('solve_attempts_run_idx').on('solve_attempts').columns(['run_code', 'problem_uid', 'code']).execute();
  await db.schema.createIndex('solve_attempts_member_problem_idx').on('solve_attempts').columns(['member_code', 'problem_uid']).execute();

  await table('boards')
    .addColumn('board_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('board_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await table('board_contents')
    .addColumn('board_code', 'integer', (c) => c.notNull().references('boards.code').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_code', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('access_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attached_filename', 'varchar(255)')
    .addColumn('attached_filesize', 'integer')
    .addColumn('attached_path', 'text')
    .addColumn('attached_mime', 'varchar(255)')
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('board_contents_board_creation_idx').on('board_contents').columns(['board_code', 'creation_time']).execute();

  await table('board_replies')
    .addColumn('content_code', 'integer', (c) => c.notNull().references('board_contents.code').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('reply_text', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('board_replies_content_idx').on('board_replies').columns(['content_code', 'creation_time']).execute();

  // Decision 004: a map of problem uid to member codes; status follows the slot workflow
  // (assigned → submitted); the problem's own is_vacant says whether content exists.
  await db.schema
    .createTable('assignments')
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('assigned'))
    .addColumn('assigned_by', 'integer', (c) => c.references('members.code').onDelete('set null'))
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('assignments_pk', ['problem_uid', 'member_code'])
    .execute();
  await db.schema.createIndex('assignments_member_idx').on('assignments').columns(['member_code', 'problem_uid']).execute();

  await table('password_change_requests')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('new_password_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('creation_time', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('password_change_requests_member_idx').on('password_change_requests').column('member_code').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists problems_fts`.execute(db);
  for (const name of [
    'password_change_requests',
    'assignments',
    'board_replies',
    'board_contents',
    'boards',
    'solve_attempts',
    'solve_runs',
    'box_problems',
    'boxes',
    'problem_replies',
    'problem_classes',
    'problem_versions',
    'problems',
    'set_headers',
    'test_grades',
    'tests',
    'classes',
    'subject_grades',
    'subjects',
    'members',
  ]) {
    await db.schema.dropTable(name).execute();
  }
}
