import { Chip, Group, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DIFFICULTIES, DIFFICULTY_MIN_RATERS, type Difficulty } from '@qbank/shared/ratings';
import type { StudyScope } from '@qbank/shared/study';
import { useMemo } from 'react';
import { useScopeChoices, useSubjectClasses } from './api';
import { messages as ratingMessages } from '../ratings/messages';
import { studyMessages } from './messages';

const m = studyMessages.builder;

const toCodes = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
const toValues = (codes: readonly number[] | undefined) => (codes ?? []).map(String);

/**
 * The scope pickers: subjects, years, exams and lecture classes. The exam and class choices
 * follow the subjects and years already chosen, so a pick never contradicts another.
 */
export function BuilderScope({ scope, onChange }: { scope: StudyScope; onChange: (scope: StudyScope) => void }) {
  const { subjects, years, exams } = useScopeChoices();
  const subjectCodes = useMemo(() => scope.subject_codes ?? [], [scope.subject_codes]);
  const classes = useSubjectClasses(subjectCodes);

  const examChoices = useMemo(() => {
    const chosenYears = scope.years ?? [];
    return (exams.data ?? [])
      .filter((exam) => subjectCodes.length === 0 || subjectCodes.includes(exam.subject_code))
      .filter((exam) => chosenYears.length === 0 || chosenYears.includes(exam.year))
      .map((exam) => ({ value: String(exam.test_code), label: `${exam.year} ${exam.test_name}` }));
  }, [exams.data, subjectCodes, scope.years]);

  const set = (key: 'subject_codes' | 'years' | 'test_codes' | 'class_codes', values: string[]) => {
    const next: StudyScope = { ...scope, [key]: toCodes(values) };
    // Exams and classes outside the chosen subjects/years are dropped with them.
    if (key === 'subject_codes' || key === 'years') {
      const allowed = new Set(
        (exams.data ?? [])
          .filter((exam) => (next.subject_codes ?? []).length === 0 || next.subject_codes!.includes(exam.subject_code))
          .filter((exam) => (next.years ?? []).length === 0 || next.years!.includes(exam.year))
          .map((exam) => exam.test_code),
      );
      next.test_codes = (next.test_codes ?? []).filter((code) => allowed.has(code));
    }
    if (key === 'subject_codes') {
      const kept = new Set(classes.filter((lesson) => next.subject_codes!.includes(lesson.subject_code)).map((lesson) => lesson.uid));
      next.class_codes = (next.class_codes ?? []).filter((code) => kept.has(code));
    }
    onChange(next);
  };

  const common = {
    searchable: true,
    clearable: true,
    placeholder: m.anyPlaceholder,
    nothingFoundMessage: m.nothingFound,
    hidePickedOptions: true,
    comboboxProps: { withinPortal: true },
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {m.scopeHint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          {...common}
          label={m.subjects}
          data={(subjects.data ?? []).map((subject) => ({ value: String(subject.subject_code), label: subject.subject_name }))}
          value={toValues(scope.subject_codes)}
          onChange={(values) => set('subject_codes', values)}
        />
        <MultiSelect
          {...common}
          label={m.years}
          data={(years.data ?? []).map((year) => ({ value: String(year), label: String(year) }))}
          value={toValues(scope.years)}
          onChange={(values) => set('years', values)}
        />
        <MultiSelect {...common} label={m.exams} data={examChoices} value={toValues(scope.test_codes)} onChange={(values) => set('test_codes', values)} />
        <MultiSelect
          {...common}
          label={m.classes}
          description={subjectCodes.length === 0 ? m.classesHint : undefined}
          disabled={subjectCodes.length === 0}
          data={classes.map((lesson) => ({ value: String(lesson.uid), label: `${lesson.subject_name} · ${lesson.class_name}` }))}
          value={toValues(scope.class_codes)}
          onChange={(values) => set('class_codes', values)}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The box of the "내 박스" filter. */
export function BoxPicker({ value, onChange }: { value: number | undefined; onChange: (code: number | undefined) => void }) {
  const { boxes } = useScopeChoices();
  const data = (boxes.data ?? []).map((box) => ({ value: String(box.code), label: `${box.box_name} (${box.problem_count})` }));
  return (
    <Select
      label={m.box}
      placeholder={m.boxPlaceholder}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      nothingFoundMessage={m.noBoxes}
      description={boxes.isSuccess && data.length === 0 ? m.noBoxes : undefined}
      allowDeselect={false}
    />
  );
}

/**
 * 체감 난이도 (issue 30 item 6): any of 쉬움 / 보통 / 어려움, or none for every problem. Only problems
 * DIFFICULTY_MIN_RATERS members rated have one, so a choice also leaves out the problems not rated.
 */
export function FeltDifficultyChips({ value, onChange }: { value: readonly Difficulty[]; onChange: (value: Difficulty[]) => void }) {
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm" id="builder-felt">
        {m.felt}
      </Text>
      <Chip.Group multiple value={[...value]} onChange={(next) => onChange(DIFFICULTIES.filter((d) => next.includes(d)))}>
        <Group gap="xs" role="group" aria-labelledby="builder-felt" aria-describedby="builder-felt-hint">
          {DIFFICULTIES.map((difficulty) => (
            <Chip key={difficulty} value={difficulty} size="md">
              {ratingMessages.difficulties[difficulty]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c="gray.7" id="builder-felt-hint">
        {m.feltHint(DIFFICULTY_MIN_RATERS)}
      </Text>
    </Stack>
  );
}
