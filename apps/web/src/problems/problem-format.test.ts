import { describe, expect, it } from 'vitest';
import { nextProblemsPage } from './api';
import { problemsMessages as messages } from './messages';
import {
  answerOrDash,
  choiceTypeLabel,
  groupBySetHeader,
  groupByTest,
  isPlainText,
  parseViewMode,
  problemLabel,
  shortTypeLabel,
  splitChoices,
  typeLabel,
  uniqueProblems,
} from './problem-format';
import { problemRow, problemsPage, setHeaderRow } from '../testing/fixtures/problems';
import { classBackTarget, examBackTarget, examNameFromState, parseCode } from './viewer-nav';

describe('problem numbering and labels', () => {
  it('numbers as Q plus at least two digits', () => {
    expect(problemLabel(1)).toBe('Q01');
    expect(problemLabel(12)).toBe('Q12');
    expect(problemLabel(120)).toBe('Q120');
  });

  it('names the types and choice types', () => {
    expect([1, 2, 4].map(typeLabel)).toEqual(['객관식', '주관식', '슬라이드']);
    expect(typeLabel(3)).toBeNull();
    expect([1, 2, 4, 9].map(shortTypeLabel)).toEqual(['객', '주', '슬', '—']);
    expect([1, 2, 4, 5].map(choiceTypeLabel)).toEqual(['가나다형', '선지형', '4지선다', '5지선다']);
    expect(choiceTypeLabel(null)).toBeNull();
    expect(choiceTypeLabel(3)).toBeNull();
  });

  it('splits the illustration into choices and dashes an empty answer', () => {
    expect(splitChoices('① 가\r\n\n② 나 \n')).toEqual(['① 가', '② 나']);
    expect(splitChoices('')).toEqual([]);
    expect(answerOrDash('  ')).toBe('—');
    expect(answerOrDash('③')).toBe('③');
  });

  it('reads the view mode, falling back to q', () => {
    expect(parseViewMode('qa')).toBe('qa');
    expect(parseViewMode('all')).toBe('all');
    expect(parseViewMode('bogus')).toBe('q');
    expect(parseViewMode(null)).toBe('q');
  });

  it('tells plain text from markup', () => {
    expect(isPlainText('줄 하나\n줄 둘')).toBe(true);
    expect(isPlainText('혈압 < 90 mmHg')).toBe(true);
    expect(isPlainText('<p>문단</p>')).toBe(false);
  });
});

describe('grouping', () => {
  it('groups consecutive problems of one set header and keeps the others alone', () => {
    const header = setHeaderRow({ code: 9, begin_problem_no: 2, end_problem_no: 3 });
    const list = [
      problemRow({ uid: 1, no: 1 }),
      problemRow({ uid: 2, no: 2, set_header: header }),
      problemRow({ uid: 3, no: 3, set_header: header }),
      problemRow({ uid: 4, no: 4 }),
    ];
    const groups = groupBySetHeader(list);
    expect(groups.map((g) => (g.kind === 'set' ? g.problems.map((p) => p.uid) : g.problem.uid))).toEqual([1, [2, 3], 4]);
  });

  it('groups class problems by consecutive exam in server order', () => {
    const list = [
      problemRow({ uid: 1, test_code: 8, year: 2026, test_name: 'B' }),
      problemRow({ uid: 2, test_code: 8, year: 2026, test_name: 'B' }),
      problemRow({ uid: 3, test_code: 5, year: 2025, test_name: 'A' }),
    ];
    expect(groupByTest(list).map((g) => [g.test_code, g.year, g.problems.length])).toEqual([
      [8, 2026, 2],
      [5, 2025, 1],
    ]);
  });

  it('drops a problem repeated across pages', () => {
    const a = problemRow({ uid: 1 });
    const b = problemRow({ uid: 2 });
    expect(uniqueProblems([{ problem: [a, b] }, { problem: [b] }]).map((p) => p.uid)).toEqual([1, 2]);
  });

  it('asks for another page only while the count is not reached', () => {
    expect(nextProblemsPage(problemsPage([problemRow()], { page: 1, limit: 1, count: 3 }))).toBe(2);
    expect(nextProblemsPage(problemsPage([problemRow()], { page: 3, limit: 1, count: 3 }))).toBeUndefined();
    expect(nextProblemsPage(problemsPage([], { page: 2, limit: 20, count: 90 }))).toBeUndefined();
  });

  it('follows a capped search count past itself while pages come back full', () => {
    const full = [problemRow({ uid: 1 }), problemRow({ uid: 2 })];
    expect(nextProblemsPage(problemsPage(full, { page: 500, limit: 2, count: 1000, capped: true }))).toBe(501);
    expect(nextProblemsPage(problemsPage(full.slice(1), { page: 501, limit: 2, count: 1000, capped: true }))).toBeUndefined();
    expect(nextProblemsPage(problemsPage(full, { page: 500, limit: 2, count: 1000 }))).toBeUndefined();
  });

  it('says a capped search count as a lower bound, with thousands separated', () => {
    expect(messages.problems.searchSummary('혈액검사', 500, true)).toBe('‘혈액검사’ 검색 결과 500문항 이상');
    expect(messages.problems.searchSummary('간', 1500)).toBe('‘간’ 검색 결과 1,500문항');
    expect(messages.problems.searchSummary('간경변', 12)).toBe('‘간경변’ 검색 결과 12문항');
  });
});

describe('navigation state', () => {
  it('goes back to a known list, else to /exams', () => {
    expect(examBackTarget({ fromPath: '/subjects/4/tests' })).toEqual({ href: '/subjects/4/tests', label: '과목별 시험' });
    expect(examBackTarget({ fromPath: '/classes/41/problems?view=qa' })).toEqual({ href: '/classes/41/problems?view=qa', label: '수업 문제' });
    expect(examBackTarget({ fromPath: '/exams' })).toEqual({ href: '/exams', label: '시험 목록' });
    expect(examBackTarget({ fromPath: '//evil.example/exams' })).toEqual({ href: '/exams', label: '시험 목록' });
    expect(examBackTarget({ fromPath: '/dashboard' })).toEqual({ href: '/exams', label: '시험 목록' });
    expect(examBackTarget(null)).toEqual({ href: '/exams', label: '시험 목록' });
  });

  it('goes back to the subject classes from state, then from the class meta, else /subjects', () => {
    expect(classBackTarget({ subject_id: 4 }, 5).href).toBe('/subjects/4/classes');
    expect(classBackTarget({ subject_id: '4' }, undefined).href).toBe('/subjects/4/classes');
    expect(classBackTarget(undefined, 5).href).toBe('/subjects/5/classes');
    expect(classBackTarget({ subject_id: 'x' }, undefined)).toEqual({ href: '/subjects', label: '과목 목록' });
  });

  it('reads codes and the exam name defensively', () => {
    expect(parseCode('12')).toBe(12);
    expect(parseCode('12abc')).toBeNull();
    expect(parseCode('0')).toBeNull();
    expect(parseCode(undefined)).toBeNull();
    expect(examNameFromState({ test: { test_name: '2026 중간고사', test_code: 3 } })).toBe('2026 중간고사');
    expect(examNameFromState({ test: 'x' })).toBeNull();
  });
});
