import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { isApproved, useLoginSession } from '../lib/login-session';
import { useExamDates, useReadiness } from './api';
import { examDateMessages as m } from './messages';
import { useStartTodayAndGo } from './use-start-today';

/** "D-3 순환기내과학 중간고사 · 예상 68 % (60–75)" and 오늘 할 일, for the nearest exam (/home). */
export function ExamStrip() {
  const session = useLoginSession();
  const approved = session.status === 'signed-in' && isApproved(session.user);
  const list = useExamDates(approved);
  const next = list.data?.[0];
  const readiness = useReadiness(next?.code);
  const start = useStartTodayAndGo();
  if (!approved || !next) return null;

  return (
    <Paper component="section" aria-labelledby="exam-strip-title" withBorder radius="md" p="md" data-testid="exam-strip">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <IconCalendarEvent size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-red-8)" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text component="h2" fw={700} fz="lg" m={0} id="exam-strip-title" style={{ overflowWrap: 'anywhere' }}>
              <Badge component="span" color="red.9" variant="filled" size="lg" mr={8} style={{ verticalAlign: 'middle' }}>
                {m.dDay(next.days_left)}
              </Badge>
              {next.title}
              {readiness.data && (
                <>
                  {' · '}
                  {/* The prediction wraps as a whole on a phone, never inside "예상". */}
                  <Text component="span" fw={600} c="blue.9" style={{ whiteSpace: 'nowrap' }} aria-label={m.predictedLabel(readiness.data.predicted)}>
                    {m.predicted(readiness.data.predicted)}
                  </Text>
                </>
              )}
            </Text>
            <Anchor component={Link} to={paths.studyPlan.getHref(next.code)} size="sm" fw={600}>
              {m.openPlan}
            </Anchor>
          </Stack>
        </Group>
        <Button size="md" style={{ minHeight: 44 }} loading={start.pending} onClick={() => start.run(next.code)}>
          {m.today}
        </Button>
      </Group>
    </Paper>
  );
}
