import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { LineageQueueProblem, LineageSuggestion } from '@qbank/shared/lineage';
import type { Problem } from '@qbank/shared/problems';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { SectionCard } from '../components/section-card';
import { showFailure } from '../components/toasts';
import { paths } from '../lib/paths';
import { LINEAGE_QUEUE_PAGE_SIZE, useDecideLink, useLineageContents, useLineageSuggestions } from './api';
import { lineageMessages } from './messages';
import { wordDiff, type DiffPart } from './word-diff';

const m = lineageMessages.lead;

/** A decision the lead just made, kept on the screen so it can be undone (lineage-lead-page.tsx). */
export interface DecidedPair {
  problem_a: number;
  problem_b: number;
  label: string;
  kind: 'confirmed' | 'rejected' | 'merged';
}

export const placeOf = (problem: Pick<LineageQueueProblem, 'year' | 'test_name' | 'no'>) => m.place(problem.year, problem.test_name, problem.no);

/** The bank's undecided suggestions, most similar first, each pair side by side with 같은 문제 / 아님. */
export function SuggestionQueue({ subjectCode, onDecided }: { subjectCode: number | undefined; onDecided: (pair: DecidedPair) => void }) {
  const [page, setPage] = useState(1);
  const query = useLineageSuggestions(subjectCode, page);
  // The queue owns the mutation: a decided card leaves the list when it is read again, and the
  // decision's own callback must still run (a card's would be dropped with the card).
  const decide = useDecideLink();
  const send = (suggestion: LineageSuggestion, decision: 'confirm' | 'reject') => {
    const [left, right] = suggestion.problems;
    decide.mutate(
      { decision, problem_a: left.uid, problem_b: right.uid },
      {
        onSuccess: () =>
          onDecided({
            problem_a: left.uid,
            problem_b: right.uid,
            label: m.suggestions.pairLabel(placeOf(left), placeOf(right)),
            kind: decision === 'confirm' ? 'confirmed' : 'rejected',
          }),
        onError: (error) => showFailure(m.decideFailed, error),
      },
    );
  };
  const pendingFor = (suggestion: LineageSuggestion) =>
    decide.isPending && decide.variables.problem_a === suggestion.problems[0].uid && decide.variables.problem_b === suggestion.problems[1].uid
      ? decide.variables.decision
      : null;
  return (
    <SectionCard titleId="lineage-suggestions-title" title={m.suggestions.title(query.data?.total ?? 0, query.data?.total_capped)}>
      <Text size="sm" c="dimmed">
        {m.suggestions.hint}
      </Text>
      {query.isError ? (
        <LoadFailed text={m.suggestions.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading />
      ) : query.data.suggestions.length === 0 ? (
        <EmptyState>{m.suggestions.empty}</EmptyState>
      ) : (
        <Stack gap="md">
          {query.data.suggestions.map((suggestion) => (
            <SuggestionCard
              key={`${suggestion.problems[0].uid}-${suggestion.problems[1].uid}`}
              suggestion={suggestion}
              pending={pendingFor(suggestion)}
              onDecide={(decision) => send(suggestion, decision)}
            />
          ))}
          <ListPagination total={query.data.total} pageSize={LINEAGE_QUEUE_PAGE_SIZE} page={page} onChange={setPage} label={m.suggestions.pages} />
        </Stack>
      )}
    </SectionCard>
  );
}

function SuggestionCard({
  suggestion,
  pending,
  onDecide,
}: {
  suggestion: LineageSuggestion;
  pending: 'confirm' | 'reject' | null;
  onDecide: (decision: 'confirm' | 'reject') => void;
}) {
  const [left, right] = suggestion.problems;
  const contents = useLineageContents([left.uid, right.uid]);
  const [before, after] = [contents[0]?.data, contents[1]?.data];
  const pair = m.suggestions.pairLabel(placeOf(left), placeOf(right));
  const stem = before && after ? wordDiff(before.question_text, after.question_text) : [];
  const options = before && after ? wordDiff(before.illustration, after.illustration) : [];
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-label={pair} data-testid="lineage-suggestion">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="grape" radius="sm">
            {lineageMessages.relations[suggestion.relation]}
          </Badge>
          <Text size="sm">{m.suggestions.similarity(suggestion.similarity)}</Text>
          {!suggestion.keys_agree && (
            <Badge variant="light" color="red" radius="sm">
              {m.suggestions.keysDisagree}
            </Badge>
          )}
        </Group>
        {before && after ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Side problem={left} content={before} stem={stem} options={options} show="removed" />
            <Side problem={right} content={after} stem={stem} options={options} show="added" />
          </SimpleGrid>
        ) : contents.some((content) => content.isError) ? (
          <LoadFailed text={m.suggestions.loadFailed} error={contents.find((content) => content.isError)?.error} />
        ) : (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{m.suggestions.contentLoading}</Text>
          </Group>
        )}
        <Group gap="xs" justify="flex-end">
          <Button
            size="sm"
            onClick={() => onDecide('confirm')}
            loading={pending === 'confirm'}
            disabled={pending === 'reject'}
            aria-label={m.suggestions.sameLabel(placeOf(left), placeOf(right))}
          >
            {m.suggestions.same}
          </Button>
          <Button
            size="sm"
            variant="default"
            onClick={() => onDecide('reject')}
            loading={pending === 'reject'}
            disabled={pending === 'confirm'}
            aria-label={m.suggestions.notLabel(placeOf(left), placeOf(right))}
          >
            {m.suggestions.not}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * One problem of the pair: its place, a link to it in its exam, and its stem and options with the
 * words the other lacks marked (the left marks what was removed, the right what was added).
 */
function Side({
  problem,
  content,
  stem,
  options,
  show,
}: {
  problem: LineageQueueProblem;
  content: Problem;
  stem: DiffPart[];
  options: DiffPart[];
  show: 'added' | 'removed';
}) {
  return (
    <Stack gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', minWidth: 0 }}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Anchor component={Link} to={paths.testProblems.getHref(problem.test_code)} state={{ highlightUid: problem.uid }} size="sm" fw={700}>
          {placeOf(problem)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {problem.subject_name}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {m.suggestions.stem}
      </Text>
      <DiffSide parts={stem} show={show} />
      {content.illustration.trim() !== '' && (
        <>
          <Text size="xs" c="dimmed">
            {m.suggestions.options}
          </Text>
          <DiffSide parts={options} show={show} />
        </>
      )}
      <Text size="sm" fw={600}>
        {m.suggestions.key(content.answer)}
      </Text>
    </Stack>
  );
}

function DiffSide({ parts, show }: { parts: readonly DiffPart[]; show: 'added' | 'removed' }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts
        .filter((part) => part.kind === 'same' || part.kind === show)
        .map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{`${part.text} `}</span>
          ) : part.kind === 'added' ? (
            <ins
              key={index}
              aria-label={lineageMessages.added}
              style={{ background: 'var(--mantine-color-green-light)', textDecoration: 'none' }}
            >{`${part.text} `}</ins>
          ) : (
            <del key={index} aria-label={lineageMessages.removed} style={{ background: 'var(--mantine-color-red-light)' }}>{`${part.text} `}</del>
          ),
        )}
    </Text>
  );
}
