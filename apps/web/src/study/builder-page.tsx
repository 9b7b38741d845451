import { Alert, Anchor, Button, Checkbox, Chip, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  defaultSessionMinutes,
  SESSION_COUNT_MAX,
  SESSION_COUNT_MIN,
  SESSION_MINUTES_MAX,
  STUDY_FILTERS,
  type StudyFilter,
  type StudyMode,
  type StudyOrder,
  type StudyScope,
} from '@qbank/shared/study';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { commonMessages as messages } from '../common/messages';
import { useCreateStudySession, useMatchingCount } from './api';
import { BoxPicker, BuilderScope, FeltDifficultyChips } from './builder-scope';
import { studyMessages } from './messages';
import '../answering/answering.css';

const m = studyMessages.builder;
const orderChoices: Array<{ value: StudyOrder; label: string }> = [
  { value: 'random', label: m.orderRandom },
  { value: 'exam', label: m.orderExam },
  { value: 'frequency', label: m.orderFrequency },
];
const modeChoices: Array<{ value: StudyMode; label: string }> = [
  { value: 'tutor', label: studyMessages.modeLabels.tutor },
  { value: 'timed', label: studyMessages.modeLabels.timed },
];

const SCOPE_PARAMS = ['subject_codes', 'years', 'test_codes', 'class_codes'] as const;

function scopeFromSearch(params: URLSearchParams): StudyScope {
  const scope: StudyScope = {};
  for (const name of SCOPE_PARAMS) {
    const values = (params.get(name) ?? '')
      .split(',')
      .map(Number)
      .filter((value) => Number.isSafeInteger(value) && value > 0);
    if (values.length > 0) scope[name] = values;
  }
  return scope;
}

/** /study/new: scope, filter, number, order (빈출 우선 too), one problem per lineage and mode, with the number of matching problems kept live. */
export function BuilderPage() {
  useDocumentTitle(messages.app.pageTitle(studyMessages.titles.builder));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Other screens open the builder on a scope (my stats: "this subject"), e.g. ?subject_codes=3,5.
  const [scope, setScope] = useState<StudyScope>(() => scopeFromSearch(searchParams));
  const [filter, setFilter] = useState<StudyFilter>('all');
  const [boxCode, setBoxCode] = useState<number | undefined>(undefined);
  const [count, setCount] = useState<number>(20);
  const [order, setOrder] = useState<StudyOrder>('random');
  const [onePerLineage, setOnePerLineage] = useState(false);
  const [mode, setMode] = useState<StudyMode>('tutor');
  const [minutes, setMinutes] = useState<number | null>(null);

  const fullScope: StudyScope = filter === 'box' ? { ...scope, box_code: boxCode } : scope;
  const ready = filter !== 'box' || boxCode !== undefined;
  const [debouncedScope] = useDebouncedValue(fullScope, 250);
  const matching = useMatchingCount(filter, debouncedScope, onePerLineage, ready);
  const create = useCreateStudySession();

  const validCount = Number.isInteger(count) && count >= SESSION_COUNT_MIN && count <= SESSION_COUNT_MAX;
  const matches = ready ? matching.data : undefined;
  const willTake = matches === undefined ? count : Math.min(count, matches);
  const defaultMinutes = defaultSessionMinutes(Math.max(1, willTake));
  const chosenMinutes = minutes ?? defaultMinutes;
  const canStart = ready && validCount && matches !== undefined && matches > 0 && !create.isPending;

  function start() {
    if (!canStart) return;
    create.mutate(
      { scope: fullScope, filter, count, order, one_per_lineage: onePerLineage, mode, ...(mode === 'timed' ? { minutes: chosenMinutes } : {}) },
      { onSuccess: (session) => void navigate(paths.studySession.getHref(session.code)) },
    );
  }

  return (
    <Stack gap="lg" maw={760} mx="auto" className="qbank-solve">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={1}>{m.heading}</Title>
          <Anchor component={Link} to={paths.studySessions.getHref()} fw={600} size="sm">
            {m.history}
          </Anchor>
        </Group>
        <Text c="gray.7">{m.intro}</Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="builder-scope">
        <Title order={2} size="h4" id="builder-scope" mb="xs">
          {m.scope}
        </Title>
        <BuilderScope scope={scope} onChange={setScope} />
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="builder-filter">
        <Stack gap="sm">
          <Title order={2} size="h4" id="builder-filter">
            {m.filter}
          </Title>
          <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value as StudyFilter)}>
            <Group gap="xs" role="radiogroup" aria-labelledby="builder-filter">
              {STUDY_FILTERS.map((value) => (
                <Chip key={value} value={value} size="md">
                  {studyMessages.filterLabels[value]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {filter === 'box' && <BoxPicker value={boxCode} onChange={setBoxCode} />}
          <FeltDifficultyChips
            value={scope.difficulties ?? []}
            onChange={(difficulties) => setScope({ ...scope, difficulties: difficulties.length > 0 ? difficulties : undefined })}
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-label={m.mode}>
        <Stack gap="md">
          <NumberInput
            label={m.count}
            description={m.countHint}
            min={SESSION_COUNT_MIN}
            max={SESSION_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={count}
            onChange={(value) => setCount(typeof value === 'number' ? value : Number(value) || 0)}
            styles={{ input: { minHeight: 44 } }}
          />
          <LabelledChoice id="builder-order" label={m.order} value={order} onChange={setOrder} data={orderChoices}>
            {order === 'frequency' && (
              <Text size="sm" c="gray.7">
                {m.frequencyHint}
              </Text>
            )}
          </LabelledChoice>
          <Checkbox
            label={m.onePerLineage}
            description={m.onePerLineageHint}
            checked={onePerLineage}
            onChange={(event) => setOnePerLineage(event.currentTarget.checked)}
          />
          <LabelledChoice id="builder-mode" label={m.mode} value={mode} onChange={setMode} data={modeChoices}>
            <Text size="sm" c="gray.7">
              {mode === 'tutor' ? m.tutorHint : m.timedHint}
            </Text>
          </LabelledChoice>
          {mode === 'timed' && (
            <NumberInput
              label={m.minutes}
              description={m.minutesHint(willTake, defaultMinutes)}
              min={1}
              max={SESSION_MINUTES_MAX}
              allowNegative={false}
              decimalScale={1}
              clampBehavior="strict"
              value={chosenMinutes}
              onChange={(value) => setMinutes(typeof value === 'number' ? value : null)}
              styles={{ input: { minHeight: 44 } }}
            />
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" bg="blue.0" style={{ position: 'sticky', bottom: 8, zIndex: 2 }}>
        <Stack gap="xs">
          <Text fw={700} aria-live="polite" data-testid="matching-count">
            {!ready
              ? m.boxPlaceholder
              : matching.isError
                ? m.matchingFailed
                : matches === undefined
                  ? m.matchingLoading
                  : matches === 0
                    ? m.none
                    : m.matching(matches)}
          </Text>
          {matches !== undefined && matches > 0 && matches < count && <Text size="sm">{m.fewer(matches)}</Text>}
          {create.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errorMessage(create.error, m.startFailed)}
            </Alert>
          )}
          <Button
            size="md"
            className="qbank-solve-target"
            fullWidth
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            disabled={!canStart}
            loading={create.isPending}
            onClick={start}
          >
            {m.start(willTake)}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A titled segmented choice (order, mode): the title names the control; `children` go under it. */
function LabelledChoice<T extends string>({
  id,
  label,
  value,
  onChange,
  data,
  children,
}: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: Array<{ value: T; label: string }>;
  children?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm" id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} fullWidth value={value} onChange={(next) => onChange(next as T)} data={data} />
      {children}
    </Stack>
  );
}
