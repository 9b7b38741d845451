import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { preview } from '@qbank/shared/html-text';
import { IconBooks, IconClipboardList, IconMessages } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LinkCard } from '../components/link-card';
import { RelativeTime } from '../components/relative-time';
import { paths } from '../lib/paths';
import { isApproved, useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { StudyEntryCard } from '../study/study-entry-card';
import { NOTICE_PREVIEW_LENGTH, NOTICES_SHOWN, useLatestNotices } from './api';

const m = messages.home;

// Only an approved member has a review card, and it shows nothing until its count arrives: its
// code (with the review schemas and zod) is fetched beside that count, not with the first screen,
// and never for a visitor (on a phone, evaluating zod and those schemas was a 133 ms task at 4×).
const ReviewDueCard = lazy(() => import('../study/review-due-card').then((module) => ({ default: module.ReviewDueCard })));
// The nearest exam's strip (issue 29) loads the same way: only for an approved member.
const ExamStrip = lazy(() => import('../exam-dates/exam-strip').then((module) => ({ default: module.ExamStrip })));

function NextExam() {
  const session = useLoginSession();
  if (session.status !== 'signed-in' || !isApproved(session.user)) return null;
  return (
    <Suspense fallback={null}>
      <ExamStrip />
    </Suspense>
  );
}

function ReviewDue() {
  const session = useLoginSession();
  if (session.status !== 'signed-in' || !isApproved(session.user)) return null;
  return (
    <Suspense fallback={null}>
      <ReviewDueCard />
    </Suspense>
  );
}

const shortcuts = [
  { href: paths.exams.getHref(), icon: IconClipboardList, ...m.cards.exams },
  { href: paths.subjects.getHref(), icon: IconBooks, ...m.cards.subjects },
  { href: paths.board.getHref(), icon: IconMessages, ...m.cards.board },
];

function Shortcuts() {
  return (
    <nav aria-label={m.shortcuts}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {shortcuts.map(({ href, icon, title, text }) => (
          <LinkCard key={href} to={href} icon={icon} title={title} text={text} />
        ))}
      </SimpleGrid>
    </nav>
  );
}

function Notices() {
  const { data, isPending } = useLatestNotices();
  const board = data?.board ?? null;
  const rows = (data?.rows ?? []).slice(0, NOTICES_SHOWN);

  return (
    <section aria-labelledby="home-notices">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="home-notices" fz="xl">
          {m.notices}
        </Title>
        <Anchor component={Link} to={paths.board.getHref()} fw={600} size="sm" aria-label={m.moreLabel}>
          {m.more}
        </Anchor>
      </Group>
      {isPending ? (
        <Stack gap="sm" role="status" aria-label={messages.app.loading}>
          {Array.from({ length: NOTICES_SHOWN }, (_, i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : board && rows.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((notice, index) => (
            <Paper component="li" key={notice.code} withBorder radius="md" p="md">
              <Group gap="xs" wrap="nowrap" align="center">
                {index === 0 && (
                  <Badge color="red.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                    {m.newBadge}
                  </Badge>
                )}
                <Anchor
                  component={Link}
                  to={paths.boardContent.getHref(board.code, notice.code)}
                  fw={700}
                  c="dark.9"
                  style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {notice.title}
                </Anchor>
              </Group>
              {notice.preview && (
                <Text size="sm" c="gray.7" mt={6} style={{ overflowWrap: 'anywhere' }}>
                  {preview(notice.preview, NOTICE_PREVIEW_LENGTH)}
                </Text>
              )}
              <Text size="xs" c="gray.7" mt={6}>
                <RelativeTime iso={notice.creation_time} />
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text c="gray.7" ta="center">
            {m.noNotices}
          </Text>
        </Paper>
      )}
    </section>
  );
}

export function HomePage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.home));
  return (
    <Stack gap="xl">
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="blue.0">
        <Stack gap="sm" maw={720}>
          <Title order={1}>{m.heroTitle}</Title>
          <Text size="lg" c="dark.7">
            {m.heroText}
          </Text>
        </Stack>
      </Paper>
      <NextExam />
      <StudyEntryCard />
      <ReviewDue />
      <Shortcuts />
      <Notices />
    </Stack>
  );
}
