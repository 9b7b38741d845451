import { Button, Group, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { LINEAGE_RELATIONS, type LineageRelation } from '@qbank/shared/lineage';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { RelativeTime } from '../components/relative-time';
import { SectionCard } from '../components/section-card';
import { showFailure, showSuccess } from '../components/toasts';
import { subjectNamesQueryOptions } from '../subjects/api';
import { useLineageProgress, useMergeLineages, useResetDecision, useRunWholeBank } from './api';
import { KeyConflictList } from './key-conflict-list';
import { lineageMessages } from './messages';
import { SuggestionQueue, type DecidedPair } from './suggestion-queue';

const m = lineageMessages.lead;

/**
 * 출제 이력 관리 (leads, decision 203): the whole-bank run and its progress, the bank's undecided
 * suggestions with the two problems side by side, merging two lineages, and the lineages whose
 * same question was keyed differently. The subject filter lives in the address (?subject=).
 */
export function LineageLeadPage() {
  const [params, setParams] = useSearchParams();
  const subjectParam = Number(params.get('subject'));
  const subjectCode = Number.isInteger(subjectParam) && subjectParam > 0 ? subjectParam : undefined;
  const subjects = useQuery(subjectNamesQueryOptions());
  const [decided, setDecided] = useState<DecidedPair[]>([]);
  const remember = (pair: DecidedPair) => setDecided((list) => [pair, ...list.filter((item) => item.label !== pair.label)].slice(0, 5));
  const forget = (pair: DecidedPair) => setDecided((list) => list.filter((item) => item !== pair));

  const chooseSubject = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('subject', value);
    else next.delete('subject');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <PageHeader title={m.title} intro={m.intro} />
      <RunCard />
      <NativeSelect
        label={m.subject}
        value={subjectCode ? String(subjectCode) : ''}
        onChange={(event) => chooseSubject(event.currentTarget.value)}
        data={[{ value: '', label: m.anySubject }, ...(subjects.data ?? []).map((s) => ({ value: String(s.subject_code), label: s.subject_name }))]}
        style={{ maxWidth: '20rem' }}
      />
      {decided.length > 0 && <DecidedList decided={decided} onUndone={forget} />}
      <SuggestionQueue key={subjectCode ?? 0} subjectCode={subjectCode} onDecided={remember} />
      <MergeForm onMerged={remember} />
      <KeyConflictList key={`c${subjectCode ?? 0}`} subjectCode={subjectCode} />
    </Stack>
  );
}

/** The whole-bank run: its progress (polled while problems wait), when it last finished, and a button to start it. */
function RunCard() {
  const progress = useLineageProgress();
  const run = useRunWholeBank();
  const start = () => run.mutate(undefined, { onSuccess: () => showSuccess(m.run.started), onError: (error) => showFailure(m.run.failed, error) });
  return (
    <SectionCard titleId="lineage-run-title" title={m.run.title}>
      {progress.isError ? (
        <LoadFailed text={m.run.loadFailed} error={progress.error} onRetry={() => void progress.refetch()} />
      ) : !progress.data ? (
        <Loading />
      ) : (
        <Stack gap="xs">
          {(() => {
            const { waiting, total, last_finished_at: last } = progress.data;
            const done = Math.max(0, total - waiting);
            return (
              <>
                <Text size="sm" aria-live="polite">
                  {m.run.progress(done, total)}
                </Text>
                <Progress value={total === 0 ? 100 : (done / total) * 100} aria-label={m.run.progressLabel} animated={waiting > 0} />
                <Text size="sm" c="dimmed">
                  {waiting > 0 ? m.run.running : m.run.idle}
                </Text>
                <Text size="sm">
                  {m.run.lastFinished}: {last ? <RelativeTime iso={last} /> : m.run.neverFinished}
                </Text>
              </>
            );
          })()}
        </Stack>
      )}
      <Group>
        <Button onClick={start} loading={run.isPending} variant="light">
          {m.run.start}
        </Button>
      </Group>
    </SectionCard>
  );
}

function DecidedList({ decided, onUndone }: { decided: DecidedPair[]; onUndone: (pair: DecidedPair) => void }) {
  const reset = useResetDecision();
  const text = (pair: DecidedPair) =>
    pair.kind === 'confirmed' ? m.decided.confirmed(pair.label) : pair.kind === 'rejected' ? m.decided.rejected(pair.label) : m.decided.merged(pair.label);
  return (
    <SectionCard titleId="lineage-decided-title" title={m.decided.title}>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {decided.map((pair) => (
          <Group key={`${pair.problem_a}-${pair.problem_b}`} component="li" gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 14rem' }}>
              {text(pair)}
            </Text>
            <Button
              size="xs"
              variant="default"
              aria-label={m.decided.undoLabel(pair.label)}
              loading={reset.isPending && reset.variables.problem_a === pair.problem_a && reset.variables.problem_b === pair.problem_b}
              onClick={() =>
                reset.mutate(
                  { problem_a: pair.problem_a, problem_b: pair.problem_b },
                  {
                    onSuccess: () => {
                      showSuccess(m.decided.undone);
                      onUndone(pair);
                    },
                    onError: (error) => showFailure(m.decided.undoFailed, error),
                  },
                )
              }
            >
              {m.decided.undo}
            </Button>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** A problem named by its uid or by an address that ends in /problems/{uid}. */
export function problemUidFrom(text: string): number | null {
  const trimmed = text.trim();
  const match = /^(\d{1,10})$/.exec(trimmed) ?? /\/problems\/(\d{1,10})(?:[/?#]|$)/.exec(trimmed);
  const uid = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(uid) && uid > 0 && uid <= 2_147_483_647 ? uid : null;
}

function MergeForm({ onMerged }: { onMerged: (pair: DecidedPair) => void }) {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [relation, setRelation] = useState<LineageRelation>('variant');
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeLineages();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [a, b] = [problemUidFrom(first), problemUidFrom(second)];
    if (a === null || b === null) return setError(m.merge.invalid);
    if (a === b) return setError(m.merge.same);
    setError(null);
    merge.mutate(
      { problem_a: a, problem_b: b, relation },
      {
        onSuccess: () => {
          showSuccess(m.merge.done);
          onMerged({ problem_a: a, problem_b: b, label: `${a} ↔ ${b}`, kind: 'merged' });
          setFirst('');
          setSecond('');
        },
        onError: (failure) => showFailure(m.merge.failed, failure),
      },
    );
  };
  return (
    <SectionCard titleId="lineage-merge-title" title={m.merge.title}>
      <Text size="sm" c="dimmed">
        {m.merge.hint}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={m.merge.first}
              placeholder={m.merge.placeholder}
              value={first}
              onChange={(e) => setFirst(e.currentTarget.value)}
              style={{ flex: '1 1 12rem' }}
            />
            <TextInput
              label={m.merge.second}
              placeholder={m.merge.placeholder}
              value={second}
              onChange={(e) => setSecond(e.currentTarget.value)}
              style={{ flex: '1 1 12rem' }}
            />
            <NativeSelect
              label={m.merge.relation}
              value={relation}
              onChange={(e) => setRelation(e.currentTarget.value as LineageRelation)}
              data={LINEAGE_RELATIONS.map((value) => ({ value, label: lineageMessages.relations[value] }))}
              style={{ flex: '0 1 9rem' }}
            />
            <Button type="submit" loading={merge.isPending}>
              {m.merge.submit}
            </Button>
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
