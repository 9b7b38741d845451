import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SessionSummary } from '@qbank/shared/study';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RelativeTime } from '../components/relative-time';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { commonMessages as messages } from '../common/messages';
import { useMyStudySessions } from './api';
import { studyMessages } from './messages';
import '../answering/answering.css';

const m = studyMessages.history;
const PAGE = 20;

/** /study/sessions: my sessions, newest first; a running one resumes, a finished one shows its result. */
export function SessionsPage() {
  useDocumentTitle(messages.app.pageTitle(studyMessages.titles.history));
  const [limit, setLimit] = useState(PAGE);
  const query = useMyStudySessions(limit);

  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between" gap="xs">
        <Title order={1}>{m.heading}</Title>
        <Button component={Link} to={paths.studyNew.getHref()} className="qbank-solve-target" leftSection={<IconPlus size={18} aria-hidden />}>
          {m.newSession}
        </Button>
      </Group>
      {query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(query.error, m.loadFailed)}
        </Alert>
      ) : !query.data ? (
        <PageLoader />
      ) : query.data.sessions.length === 0 ? (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text ta="center" c="gray.7">
            {m.empty}
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.heading}>
          {query.data.sessions.map((session) => (
            <SessionRow key={session.code} session={session} />
          ))}
        </Stack>
      )}
      {query.data && query.data.total > query.data.sessions.length && (
        <Button
          variant="default"
          className="qbank-solve-target"
          onClick={() => setLimit((n) => Math.min(100, n + PAGE))}
          loading={query.isFetching}
          disabled={limit >= 100}
        >
          {m.more}
        </Button>
      )}
    </Stack>
  );
}

/** One session: running or finished, its mode and size, what it was drawn from, and its score. */
function SessionRow({ session }: { session: SessionSummary }) {
  const finished = session.finish_time !== null;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="session-row">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Group gap="xs">
            {/* "light" gray draws its text in gray.6 (3.3:1 on its tint, issue 26 item 13); "default" is dark text on white. */}
            <Badge variant={finished ? 'default' : 'filled'} color={finished ? 'gray' : 'blue'} radius="sm">
              {finished ? m.finished : m.running}
            </Badge>
            <Text fw={700}>{m.modeLine(session.mode, session.total)}</Text>
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="session-what">
            {m.whatLine(session.scope_names, session.filter)}
          </Text>
          <Text>{m.scoreLine(finished ? session.correct : null, session.total, session.answered)}</Text>
          <Text size="xs" c="gray.7">
            <RelativeTime iso={session.creation_time} />
          </Text>
        </Stack>
        <Button component={Link} to={paths.studySession.getHref(session.code)} variant={finished ? 'default' : 'filled'} className="qbank-solve-target">
          {finished ? m.viewResult : m.resume}
        </Button>
      </Group>
    </Paper>
  );
}
