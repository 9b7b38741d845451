import { Alert, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReadinessResponse } from '@qbank/shared/exam-dates';
import { examDateMessages } from './messages';

const m = examDateMessages.plan;

/** The prediction with its interval, by class, and the levers that move it most. */
export function ReadinessPanel({ readiness }: { readiness: ReadinessResponse }) {
  const { predicted } = readiness;
  const wide = predicted.high - predicted.low > 0.3;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="readiness-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="readiness-title">
            {m.readiness}
          </Title>
          <Text size="sm" c="gray.7">
            {m.memory(readiness.memory_model === 'fitted')}
          </Text>
        </Group>
        <Text fz={28} fw={800} c="blue.9" data-testid="readiness-value" aria-label={examDateMessages.predictedLabel(predicted)}>
          {examDateMessages.predicted(predicted)}
        </Text>
        <Text size="sm" c="gray.8">
          {m.coverage(readiness.coverage)}
        </Text>
        {wide && (
          <Alert color="gray" variant="light" p="xs">
            {m.wideNote}
          </Alert>
        )}
        {readiness.levers.length > 0 && (
          <Stack gap={4}>
            <Text fw={700}>{m.levers}</Text>
            <List spacing={4} size="sm">
              {readiness.levers.map((lever) => (
                <List.Item key={`${lever.kind}-${lever.class_uid ?? 's'}`}>
                  {lever.kind === 'unseen' ? m.leverUnseen(lever.name, lever.count) : m.leverReview(lever.name, lever.count)}{' '}
                  <Text component="span" c="teal.9" fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {m.leverGain(lever.gain)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {readiness.by_subject.length > 1 && (
          <Stack gap={6}>
            <Text fw={700}>{m.bySubject}</Text>
            {readiness.by_subject.map((group) => (
              <div key={group.class_uid ?? 'subject'}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {group.name} ({group.seen}/{group.problems})
                  </Text>
                  <Text size="sm" fw={600}>
                    {Math.round(group.mean * 100)} %
                  </Text>
                </Group>
                <Progress value={group.mean * 100} size="sm" aria-hidden />
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
