import { Alert, Button, Checkbox, Grid, Group, NativeSelect, NumberInput, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Member } from '@qbank/shared/auth';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Loading, LoadFailed, FormError } from '../components/load-state';
import { errorMessage } from '../lib/api-client';
import { messages } from './messages';
import { testYearsQueryOptions } from '../exams/api';
import { examAssignmentsQueryOptions, examProblemsQueryOptions, gradeStudentsQueryOptions, useSaveAssignments, yearExamsQueryOptions } from './api';
import {
  addAssignee,
  assigneesOf,
  chipsOf,
  countChanges,
  removeAssignee,
  saveRequestOf,
  setOwners,
  unsavablePairs,
  type AssignmentMap,
  targetGradeOf,
  toKnown,
  TARGET_GRADES,
  type KnownMember,
} from './assignment-model';
import { Legend, ProblemItem } from './problem-item';
import { StudentList, UngradedMembers } from './student-list';
import { roundRobin, type RoundRobinError } from './round-robin';
import { parsePositiveId } from '../lib/parse-positive-id';

// The assignment screen (decision 028): pick year → subject → exam
// and a target grade; assign the exam's problems to that grade's students, by hand or round
// robin; save the whole exam's map at once. The picks live in the URL (a reload keeps them);
// unsaved changes belong to the exam on screen and go when another exam is picked.

const m = messages.assign;
/** The lists are at most 600 px high and scroll inside. */
const LIST_MAX_HEIGHT = 600;
const EMPTY_MAP: AssignmentMap = {};
const NO_SELECTION: ReadonlySet<number> = new Set();

/** The address's choices, each resetting what follows it. */
interface Picks {
  year: number | null;
  subject: number | null;
  test: number | null;
  grade: number | null;
}

function roundRobinMessage(error: RoundRobinError): string {
  if (error.kind === 'noStudents') return m.errors.noStudents;
  if (error.kind === 'noProblems') return m.errors.noProblems;
  return m.errors.startRange(error.max);
}

export function AssignPage() {
  const [params, setParams] = useSearchParams();
  const year = parsePositiveId(params.get('year'));
  const subjectCode = parsePositiveId(params.get('subject'));
  const testCode = parsePositiveId(params.get('test'));
  const grade = targetGradeOf(params.get('grade'));

  const years = useQuery(testYearsQueryOptions());
  const exams = useQuery({ ...yearExamsQueryOptions(year ?? 0), enabled: year !== null });

  const subjects = useMemo(() => {
    const byCode = new Map<number, string>();
    for (const test of exams.data ?? []) byCode.set(test.subject_code, test.subject_name);
    return [...byCode].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'ko'));
  }, [exams.data]);
  const subjectExams = useMemo(
    () => (exams.data ?? []).filter((test) => test.subject_code === subjectCode).sort((a, b) => a.test_name.localeCompare(b.test_name, 'ko')),
    [exams.data, subjectCode],
  );
  // Only an exam of the chosen year and subject counts (the URL may say anything).
  const exam = subjectExams.find((test) => test.test_code === testCode) ?? null;
  const activeTest = exam?.test_code ?? null;

  const problems = useQuery({ ...examProblemsQueryOptions(activeTest ?? 0), enabled: activeTest !== null });
  const assignments = useQuery({ ...examAssignmentsQueryOptions(activeTest ?? 0), enabled: activeTest !== null });
  const students = useQuery({ ...gradeStudentsQueryOptions(grade ?? 0), enabled: grade !== null });
  const save = useSaveAssignments();

  const [draft, setDraft] = useState<{ test: number; map: AssignmentMap } | null>(null);
  const [selection, setSelection] = useState<{ test: number; uids: ReadonlySet<number> } | null>(null);
  // Students assigned from a grade list in this visit: their chips keep a name after the grade changes.
  const [seen, setSeen] = useState<ReadonlyMap<number, KnownMember>>(new Map());
  const [start, setStart] = useState<number | string>(1);
  const [notice, setNotice] = useState<string | null>(null);
  const lastPick = useRef<{ from: string; value: Picks } | null>(null);

  const saved = assignments.data?.assignments ?? EMPTY_MAP;
  const current = draft !== null && draft.test === activeTest ? draft.map : saved;
  const selected = selection !== null && selection.test === activeTest ? selection.uids : NO_SELECTION;
  const problemList = useMemo(() => problems.data ?? [], [problems.data]);
  const roster = useMemo(() => students.data ?? [], [students.data]);

  const members = useMemo(() => {
    const map = new Map<number, KnownMember>(seen);
    for (const a of assignments.data?.members ?? []) map.set(a.member_code, { code: a.member_code, id: a.id, name: a.name, validated: a.validated });
    for (const s of roster) map.set(s.code, toKnown(s));
    return map;
  }, [seen, assignments.data, roster]);
  // Cheap (one grade's students) and read only while rendering the chips: no memo.
  const gradeCodes = grade !== null && students.data ? new Set(students.data.map((s) => s.code)) : null;

  const changes = countChanges(current, saved);
  const unsavable = unsavablePairs(current, members);

  // ---- picks (a change resets what follows)
  // Two picks before the page renders the first (a quick hand, a slow phone) build on the first:
  // the values of this render would put back what the first pick changed.
  const pick = (next: Partial<Picks>) => {
    const from = params.toString();
    const base = lastPick.current?.from === from ? lastPick.current.value : { year, subject: subjectCode, test: testCode, grade };
    const value = { ...base, ...next };
    lastPick.current = { from, value };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = String(v);
    setParams(out, { replace: true });
    setNotice(null);
    if ('year' in next || 'subject' in next || 'test' in next) {
      setDraft(null);
      setSelection(null);
    }
  };
  const numberOf = (value: string) => (value === '' ? null : Number(value));

  // ---- edits
  const edit = (change: (map: AssignmentMap) => AssignmentMap) => {
    if (activeTest === null) return;
    setDraft({ test: activeTest, map: change(current) });
  };
  const select = (uids: ReadonlySet<number>) => {
    if (activeTest === null) return;
    setSelection({ test: activeTest, uids });
    setNotice(null);
  };
  const toggle = (uid: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(uid);
    else next.delete(uid);
    select(next);
  };
  const chosenUids = () => problemList.filter((p) => selected.has(p.uid)).map((p) => p.uid);
  const remember = (list: readonly Member[]) =>
    setSeen((prev) => {
      const next = new Map(prev);
      for (const s of list) next.set(s.code, toKnown(s));
      return next;
    });

  const assignTo = (student: Member) => {
    const uids = chosenUids();
    if (uids.length === 0) {
      setNotice(m.errors.noProblems);
      return;
    }
    remember([student]);
    edit((map) => addAssignee(map, uids, student.code));
    select(new Set());
  };

  const autoAssign = () => {
    const result = roundRobin(chosenUids(), roster, typeof start === 'number' ? start : Number(start));
    if (!result.ok) {
      setNotice(roundRobinMessage(result.error));
      return;
    }
    remember(roster);
    edit((map) => setOwners(map, result.owners));
    select(new Set());
  };

  const clearAll = () => {
    edit(() => EMPTY_MAP);
    select(new Set());
  };

  const submit = () => {
    if (activeTest === null) {
      setNotice(m.errors.noExam);
      return;
    }
    const request = saveRequestOf(
      activeTest,
      problemList.map((p) => p.uid),
      current,
      members,
    );
    if (request.assignments.length === 0) {
      setNotice(m.errors.nothingAssigned);
      return;
    }
    setNotice(null);
    save.mutate(request, {
      onSuccess: () => {
        // The hook has re-read the exam's map by now: the chips turn blue.
        setDraft(null);
        notifications.show({ color: 'teal', message: m.saved, autoClose: 3000 });
      },
      onError: (error) => {
        const reason = errorMessage(error, error.message);
        notifications.show({ color: 'red', title: m.saveFailed, message: reason || m.saveFailed, autoClose: 5000 });
      },
    });
  };

  // ---- pick options
  const yearOptions = [{ value: '', label: m.choose }, ...(years.data ?? []).map((y) => ({ value: String(y), label: m.yearValue(y) }))];
  if (year !== null && !yearOptions.some((o) => o.value === String(year))) yearOptions.push({ value: String(year), label: m.yearValue(year) });
  const subjectPlaceholder = year === null ? m.chooseYearFirst : exams.isPending ? messages.app.loading : subjects.length === 0 ? m.noExamsInYear : m.choose;
  const subjectOptions = [{ value: '', label: subjectPlaceholder }, ...subjects.map((s) => ({ value: String(s.code), label: s.name }))];
  const examPlaceholder = subjectCode === null ? m.chooseSubjectFirst : m.choose;
  const examOptions = [{ value: '', label: examPlaceholder }, ...subjectExams.map((t) => ({ value: String(t.test_code), label: t.test_name }))];
  const gradeOptions = [{ value: '', label: m.choose }, ...TARGET_GRADES.map((g) => ({ value: String(g), label: m.gradeValue(g) }))];

  const allChecked = problemList.length > 0 && problemList.every((p) => selected.has(p.uid));
  const someChecked = problemList.some((p) => selected.has(p.uid));
  const studentLoad = (code: number) => problemList.filter((p) => assigneesOf(current, p.uid).includes(code)).length;

  return (
    <Stack gap="md">
      <PageHeader title={messages.titles.leadAssign} intro={m.intro} />

      <Paper component="section" withBorder radius="md" p="md" aria-label={m.pickers}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          <NativeSelect
            label={m.year}
            data={yearOptions}
            value={year === null ? '' : String(year)}
            onChange={(e) => pick({ year: numberOf(e.currentTarget.value), subject: null, test: null })}
          />
          <NativeSelect
            label={m.subject}
            data={subjectOptions}
            value={subjectCode === null ? '' : String(subjectCode)}
            disabled={year === null || exams.isPending}
            onChange={(e) => pick({ subject: numberOf(e.currentTarget.value), test: null })}
          />
          <NativeSelect
            label={m.exam}
            data={examOptions}
            value={exam ? String(exam.test_code) : ''}
            disabled={subjectCode === null || subjectExams.length === 0}
            onChange={(e) => pick({ test: numberOf(e.currentTarget.value) })}
          />
          <NativeSelect
            label={m.grade}
            data={gradeOptions}
            value={grade === null ? '' : String(grade)}
            onChange={(e) => pick({ grade: numberOf(e.currentTarget.value) })}
          />
        </SimpleGrid>
        {(years.isError || exams.isError) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" mt="sm">
            {m.examsFailed}
          </Alert>
        )}
      </Paper>

      <Paper component="section" withBorder radius="md" p="md" aria-label={m.actions}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NumberInput
              label={m.start}
              description={m.startHint(roster.length)}
              value={start}
              onChange={setStart}
              min={1}
              max={Math.max(roster.length, 1)}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              w={150}
            />
            <Button onClick={autoAssign}>{m.auto}</Button>
            <Button variant="default" onClick={clearAll}>
              {m.clear}
            </Button>
            <Button color="teal.9" onClick={submit} loading={save.isPending}>
              {m.save}
            </Button>
            {changes > 0 && (
              <Text size="sm" fw={600} c="red.9" aria-live="polite">
                {m.unsaved(changes)}
              </Text>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {m.autoHint}
          </Text>
          <FormError message={notice} />
          {unsavable > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} c="dark.9" role="status">
              {m.dropped(unsavable)}
            </Alert>
          )}
        </Stack>
      </Paper>

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack component="section" gap="sm" aria-labelledby="assign-problems-title">
            <Group justify="space-between" align="center">
              <Title order={2} size="h3" id="assign-problems-title">
                {m.problemsTitle}
              </Title>
              {problems.data && (
                <Text size="sm" c="gray.7">
                  {m.problemsCount(problemList.length)} · {m.selectedCount(selected.size)}
                </Text>
              )}
            </Group>
            {activeTest === null ? (
              <EmptyState>{m.chooseExam}</EmptyState>
            ) : problems.isPending || assignments.isPending ? (
              <Loading />
            ) : problems.isError || assignments.isError ? (
              <LoadFailed
                text={m.problemsFailed}
                error={problems.error ?? assignments.error}
                onRetry={() => {
                  void problems.refetch();
                  void assignments.refetch();
                }}
              />
            ) : problemList.length === 0 ? (
              <EmptyState>{m.noProblems}</EmptyState>
            ) : (
              <>
                <Legend />
                <Checkbox
                  label={m.selectAll}
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  onChange={(e) => select(e.currentTarget.checked ? new Set(problemList.map((p) => p.uid)) : new Set())}
                />
                <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
                  <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.problemsList}>
                    {problemList.map((problem) => (
                      <ProblemItem
                        key={problem.uid}
                        problem={problem}
                        checked={selected.has(problem.uid)}
                        chips={chipsOf(problem.uid, current, saved, members, gradeCodes)}
                        onToggle={(on) => toggle(problem.uid, on)}
                        onRemove={(code) => edit((map) => removeAssignee(map, problem.uid, code))}
                      />
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack component="section" gap="sm" aria-labelledby="assign-students-title">
            <Title order={2} size="h3" id="assign-students-title">
              {grade === null ? m.grade : m.studentsTitle(grade)}
            </Title>
            <UngradedMembers />
            {grade === null ? (
              <EmptyState>{m.chooseGrade}</EmptyState>
            ) : students.isPending ? (
              <Loading />
            ) : students.isError ? (
              <LoadFailed text={m.studentsFailed} error={students.error} onRetry={() => void students.refetch()} />
            ) : roster.length === 0 ? (
              <EmptyState>{m.noStudents}</EmptyState>
            ) : (
              <StudentList grade={grade} roster={roster} maxHeight={LIST_MAX_HEIGHT} loadOf={studentLoad} onAssign={assignTo} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
