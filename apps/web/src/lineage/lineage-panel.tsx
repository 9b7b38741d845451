import { Anchor, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { LineageMember } from '@qbank/shared/lineage';
import type { Problem } from '@qbank/shared/problems';
import { isLeadRole } from '@qbank/shared/roles';
import { Link } from 'react-router';
import { showFailure, showSuccess } from '../components/toasts';
import { paths } from '../lib/paths';
import { useLoginSession } from '../lib/login-session';
import { useDecideLink, useLineageContents, useProblemLineage, useSplitProblem } from './api';
import { lineageMessages as m } from './messages';
import { hasChanges, wordDiff, type DiffPart } from './word-diff';

/**
 * Every appearance of the problem's question (issue 28 item 3): exam, number, key and relation,
 * a link to the problem in its exam, and the words that changed against this problem. A lead also
 * sees the undecided suggestions with 확인 / 아님, and 분리 (item 2).
 */
export function LineagePanel({ problemUid, onClose }: { problemUid: number; onClose: () => void }) {
  const session = useLoginSession();
  const lead = session.user ? isLeadRole(session.user.role) : false;
  const lineage = useProblemLineage(problemUid);
  const members = lineage.data?.members ?? [];
  const contents = useLineageContents(members.map((member) => member.uid));
  const contentOf = new Map(members.map((member, index) => [member.uid, contents[index]?.data]));
  const base = contentOf.get(problemUid);
  const split = useSplitProblem();
  const appearances = members.filter((member) => member.confirmed);
  const suggestions = members.filter((member) => !member.confirmed);

  return (
    <Modal opened onClose={onClose} title={m.panelTitle} size="lg">
      {lineage.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{m.loading}</Text>
        </Group>
      ) : lineage.isError ? (
        <Text c="red">{m.failed}</Text>
      ) : members.length === 0 ? (
        <Text>{m.none}</Text>
      ) : (
        <Stack gap="md">
          <Stack gap="sm" component="section" aria-label={m.appearances}>
            {appearances.map((member) => (
              <Appearance key={member.uid} member={member} self={member.uid === problemUid} content={contentOf.get(member.uid)} base={base} onOpen={onClose} />
            ))}
          </Stack>
          {lead && suggestions.length > 0 && (
            <Stack gap="sm" component="section" aria-label={m.suggestions}>
              <Text fw={700}>{m.suggestions}</Text>
              <Text size="sm" c="dimmed">
                {m.suggestionsHint}
              </Text>
              {suggestions.map((member) => (
                <Appearance key={member.uid} member={member} self={false} content={contentOf.get(member.uid)} base={base} onOpen={onClose}>
                  <Decision problemUid={problemUid} member={member} />
                </Appearance>
              ))}
            </Stack>
          )}
          {lead && appearances.length > 1 && (
            <Group justify="flex-end">
              <Button
                variant="default"
                color="red"
                title={m.splitHint}
                loading={split.isPending}
                onClick={() => split.mutate(problemUid, { onSuccess: () => showSuccess(m.decided), onError: (error) => showFailure(m.decideFailed, error) })}
              >
                {m.split}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Appearance({
  member,
  self,
  content,
  base,
  onOpen,
  children,
}: {
  member: LineageMember;
  self: boolean;
  content: Problem | undefined;
  base: Problem | undefined;
  onOpen: () => void;
  children?: React.ReactNode;
}) {
  return (
    <Stack
      gap={6}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="lineage-member"
    >
      <Group gap="xs" wrap="wrap">
        <Badge variant={self ? 'filled' : 'light'} radius="sm" color={self ? 'grape' : 'gray'}>
          {self ? m.thisProblem : m.relations[member.relation ?? 'same']}
        </Badge>
        <Text fw={700} size="sm">
          {m.examNo(member.test_name, member.no)}
        </Text>
        {content && <Text size="sm">{m.key(content.answer)}</Text>}
        {!member.keys_agree && (
          <Badge color="red" variant="light" radius="sm">
            {m.keysDisagree}
          </Badge>
        )}
        <Anchor
          component={Link}
          to={paths.testProblems.getHref(member.test_code)}
          state={{ highlightUid: member.uid }}
          onClick={onOpen}
          size="sm"
          aria-label={m.openLabel(member.test_name, member.no)}
          ml="auto"
        >
          {m.open}
        </Anchor>
      </Group>
      {!self && content && base && <Changes before={base} after={content} />}
      {children}
    </Stack>
  );
}

function Changes({ before, after }: { before: Problem; after: Problem }) {
  const stem = wordDiff(before.question_text, after.question_text);
  const options = wordDiff(before.illustration, after.illustration);
  if (!hasChanges(stem) && !hasChanges(options)) {
    return (
      <Text size="sm" c="dimmed">
        {m.noChanges}
      </Text>
    );
  }
  return (
    <Stack gap={4} aria-label={m.changes}>
      <Text size="xs" c="dimmed">
        {m.changes}
      </Text>
      {hasChanges(stem) && <DiffText parts={stem} />}
      {hasChanges(options) && <DiffText parts={options} />}
    </Stack>
  );
}

function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{`${part.text} `}</span>
        ) : part.kind === 'added' ? (
          <ins key={index} aria-label={m.added} style={{ background: 'var(--mantine-color-green-light)', textDecoration: 'none' }}>{`${part.text} `}</ins>
        ) : (
          <del key={index} aria-label={m.removed} style={{ background: 'var(--mantine-color-red-light)' }}>{`${part.text} `}</del>
        ),
      )}
    </Text>
  );
}

function Decision({ problemUid, member }: { problemUid: number; member: LineageMember }) {
  const decide = useDecideLink();
  const send = (decision: 'confirm' | 'reject') =>
    decide.mutate(
      { decision, problem_a: problemUid, problem_b: member.uid },
      { onSuccess: () => showSuccess(m.decided), onError: (error) => showFailure(m.decideFailed, error) },
    );
  return (
    <Group gap="xs" justify="flex-end">
      <Button
        size="xs"
        onClick={() => send('confirm')}
        loading={decide.isPending && decide.variables.decision === 'confirm'}
        aria-label={m.confirmLabel(member.test_name, member.no)}
      >
        {m.confirm}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => send('reject')}
        loading={decide.isPending && decide.variables.decision === 'reject'}
        aria-label={m.rejectLabel(member.test_name, member.no)}
      >
        {m.reject}
      </Button>
    </Group>
  );
}
