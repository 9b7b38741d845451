import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { choseongDocument } from '../../db/search-documents';
import { sanitizeRichHtml } from '../../rich-text/html';
import { buildProblemSearchText } from '../../problems/search-text';
import { createTestContext, loginCookie, testDialects, type TestContext } from '../../testing/harness';
import { COUNTED_TABLES, EXAM_120_SIZE, LARGE_PASSWORD, largeCounts, seedLargeData, type LargeSeedSummary, plannedAttempts } from './large-data';
import { loadKorMedQuestions, SAMPLE_QUESTIONS_FILE } from './problem-text';

const SCALE = 0.005;
// The in-repo sample, not the shared folder: CI runs on a clean clone.
const questions = loadKorMedQuestions(SAMPLE_QUESTIONS_FILE);

describe.each(testDialects)('seed:large on %s', (dialect) => {
  let ctx: TestContext;
  let summary: LargeSeedSummary;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    summary = await seedLargeData(ctx.db, ctx.dialect, { scale: SCALE, storage: ctx.app.ctx.storage, questions });
    cookie = await loginCookie(ctx.app, summary.accounts.student, LARGE_PASSWORD);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const count = async (table: (typeof COUNTED_TABLES)[keyof typeof COUNTED_TABLES]) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes the scaled counts, and the summary reports what the database holds', async () => {
    const planned = largeCounts(SCALE);
    const held: Record<string, number> = {};
    for (const [key, table] of Object.entries(COUNTED_TABLES)) held[key] = await count(table);
    expect(summary.counts).toEqual(held);
    for (const key of ['problems', 'tests', 'subjects', 'members', 'replies', 'boxes', 'boxProblems'] as const) {
      expect(summary.counts[key], key).toBe(planned[key]);
    }
    expect(summary.counts.classes).toBeGreaterThanOrEqual(planned.subjects * 2);
    expect(summary).toMatchObject({ dialect, scale: SCALE, password: LARGE_PASSWORD });
  });

  it('makes exactly one exam of 120 problems, with pictures stored as uploads', async () => {
    const sizes = await ctx.db
      .selectFrom('problems')
      .select(['test_code', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('test_code')
      .execute();
    expect(sizes.filter((row) => Number(row.n) === EXAM_120_SIZE).map((row) => row.test_code)).toEqual([summary.exam120.test_code]);
    expect(summary.exam120.problems).toBe(EXAM_120_SIZE);

    const rows = await ctx.db
      .selectFrom('problems')
      .select(['question_pic_path', 'answer_pic_path', 'comment_pic_path'])
      .where('test_code', '=', summary.exam120.test_code)
      .execute();
    const paths = rows.flatMap((row) => [row.question_pic_path, row.answer_pic_path, row.comment_pic_path]).filter((p): p is string => p !== null);
    expect(paths.length).toBe(summary.exam120.pictures);
    expect(paths.length).toBeGreaterThanOrEqual(5);
    for (const picture of new Set(paths)) {
      expect(picture).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
      expect(existsSync(path.join(ctx.config.uploadsDir, path.basename(picture))), picture).toBe(true);
    }

    const exam = await ctx.app.inject({ method: 'GET', url: `/v1/problem?test_code=${summary.exam120.test_code}&limit=1000`, headers: { cookie } });
    expect(exam.statusCode).toBe(200);
    expect(exam.json().problem_count).toBe(EXAM_120_SIZE);
  });

  it('stores problem text in the form the product writes it (sanitized HTML, plain text, search document)', async () => {
    const problems = await ctx.db.selectFrom('problems').selectAll().execute();
    for (const p of problems) {
      expect(sanitizeRichHtml(p.question)).toBe(p.question);
      expect(sanitizeRichHtml(p.comments)).toBe(p.comments);
      expect(p.question_text).toBe(htmlToPlainText(p.question));
      expect(p.search_text).toBe(buildProblemSearchText(p));
      expect(p.is_vacant).toBe(0);
    }
    const kinds = new Set(problems.map((p) => `${p.type}:${p.choice_type}`));
    for (const kind of ['1:1', '1:2', '1:4', '1:5', '2:null', '4:null']) expect(kinds, kind).toContain(kind);
    // Replicas of the same question are varied, not copied.
    expect(new Set(problems.map((p) => p.search_text)).size).toBe(problems.length);
  });

  it('finds the summary search terms through the product search, with the counts it reports', async () => {
    expect(summary.searchTerms.length).toBeGreaterThanOrEqual(5);
    expect([...(summary.searchTerms.at(-1) ?? '')]).toHaveLength(2);
    for (const term of summary.searchTerms) {
      const response = await ctx.app.inject({ method: 'GET', url: `/v1/problem?q=${encodeURIComponent(term)}&limit=5`, headers: { cookie } });
      expect(response.statusCode, term).toBe(200);
      expect(response.json().problem_count, term).toBe(summary.searchTermCounts[term]);
      expect(response.json().problem_count, term).toBeGreaterThan(0);
    }
    const byClass = await ctx.app.inject({
      method: 'GET',
      url: `/v1/problem?class_heritage_code=${summary.classWithProblems.class_heritage_code}&limit=5`,
      headers: { cookie },
    });
    expect(byClass.json().problem_count).toBe(summary.classWithProblems.problems);
  });

  it('finds the frequent term by its 초성 and by mixed input, through the choseong index (issue 16)', async () => {
    const term = summary.searchTerms[0]!;
    const initials = choseongDocument(term);
    const search = async (q: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/v1/problem?q=${encodeURIComponent(q)}&limit=5`, headers: { cookie } })).json().problem_count as number;
    const stored = Number(
      (
        await ctx.db
          .selectFrom('problems')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('is_vacant', '=', 0)
          .where('choseong_text', 'like', `%${initials}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await search(initials)).toBe(stored);
    expect(stored).toBeGreaterThanOrEqual(summary.searchTermCounts[term]!);
    const mixed = [...term][0] + [...initials].slice(1).join('');
    const mixedCount = await search(mixed);
    expect(mixedCount).toBeGreaterThanOrEqual(summary.searchTermCounts[term]!);
    expect(mixedCount).toBeLessThanOrEqual(stored);
  });

  it('gives replies and boxes to real, approved members, and the summary ids exist', async () => {
    const orphanReplies = await ctx.db
      .selectFrom('problem_replies')
      .leftJoin('members', 'members.code', 'problem_replies.member_code')
      .select('problem_replies.reply_code')
      .where((eb) => eb.or([eb('members.code', 'is', null), eb('members.validated', '=', 0)]))
      .execute();
    expect(orphanReplies).toEqual([]);
    const orphanBoxes = await ctx.db
      .selectFrom('boxes')
      .leftJoin('members', 'members.code', 'boxes.member_code')
      .select('boxes.code')
      .where((eb) => eb.or([eb('members.code', 'is', null), eb('members.validated', '=', 0)]))
      .execute();
    expect(orphanBoxes).toEqual([]);

    const ids = [...Object.values(summary.accounts), ...summary.students];
    const found = await ctx.db.selectFrom('members').select(['id', 'validated']).where('id', 'in', ids).execute();
    expect(new Set(found.map((m) => m.id))).toEqual(new Set(ids));
    expect(found.every((m) => m.validated === 1)).toBe(true);

    const boxes = await ctx.app.inject({ method: 'GET', url: '/v1/box', headers: { cookie } });
    expect(boxes.json().boxes.map((box: { code: number }) => box.code)).toContain(summary.studentBoxId);
    const problems = await ctx.db.selectFrom('problems').select('uid').where('uid', 'in', summary.problemIds).execute();
    expect(problems).toHaveLength(summary.problemIds.length);
    const one = await ctx.app.inject({ method: 'GET', url: `/v1/problem/${summary.problemIds[0]}`, headers: { cookie } });
    expect(one.statusCode).toBe(200);
  });

  it('writes the planned answers, and the statistics read them (issue 14)', async () => {
    const answers = Number(
      (
        await ctx.db
          .selectFrom('solve_attempts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(answers).toBe(plannedAttempts(SCALE));
    expect(summary.stats.attempts).toBe(answers);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/stats/me',
      headers: { cookie: await loginCookie(ctx.app, summary.stats.student, LARGE_PASSWORD) },
    });
    expect(me.json().totals.answered).toBeGreaterThan(0);
    const problem = await ctx.app.inject({ method: 'GET', url: `/v1/problem/${summary.stats.problem_uid}/stats`, headers: { cookie } });
    expect(problem.json().answers).toBeGreaterThanOrEqual(5);
    const lead = await loginCookie(ctx.app, summary.accounts.lead, LARGE_PASSWORD);
    const analysis = await ctx.app.inject({ method: 'GET', url: `/v1/test/${summary.stats.test_code}/item-analysis`, headers: { cookie: lead } });
    expect(analysis.json().members).toBeGreaterThanOrEqual(5);
    expect(analysis.json().kr20).not.toBeNull();
  });

  it('refuses a second run on the same database', async () => {
    await expect(seedLargeData(ctx.db, ctx.dialect, { scale: SCALE, storage: ctx.app.ctx.storage, questions })).rejects.toThrow(/empty database/);
    expect(await count('problems')).toBe(summary.counts.problems);
  });
});
