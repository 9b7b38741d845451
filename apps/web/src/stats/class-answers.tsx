import { Badge, Box, Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { parseChoiceAnswer } from '@qbank/shared/answers';
import { FeltDifficulty } from '../ratings/rating-panel';
import { useProblemStats } from './api';
import { statsMessages } from './messages';

const m = statsMessages.classAnswers;

/**
 * How approved members answered the problem the first time: each option's share as a small bar,
 * the key marked, and the members' 체감 난이도 beside the correct rate once enough rated it. Nothing
 * but a note until enough first answers exist. Names nobody.
 */
export function ClassAnswers({ uid, officialAnswer }: { uid: number; officialAnswer: string }) {
  const stats = useProblemStats(uid);
  if (stats.isPending) return null;
  return <ClassAnswersBody uid={uid} stats={stats} officialAnswer={officialAnswer} />;
}

/** The same behind a button, for lists of many problems (one request per problem opened). */
export function ClassAnswersToggle({ uid, officialAnswer }: { uid: number; officialAnswer: string }) {
  const [open, setOpen] = useState(false);
  const stats = useProblemStats(uid, open);
  if (!open) {
    return (
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {m.show}
      </Button>
    );
  }
  if (stats.isPending) return null;
  return <ClassAnswersBody uid={uid} stats={stats} officialAnswer={officialAnswer} />;
}

function ClassAnswersBody({
  uid,
  stats,
  officialAnswer,
}: {
  uid: number;
  stats: Exclude<ReturnType<typeof useProblemStats>, { isPending: true }>;
  officialAnswer: string;
}) {
  if (stats.isError) {
    return (
      <Text size="sm" c="gray.7">
        {m.loadFailed}
      </Text>
    );
  }
  if (stats.data.voided) {
    return (
      <Text size="sm" c="gray.7" data-testid="class-answers">
        {m.voided}
      </Text>
    );
  }
  const { answers, correct_rate: correctRate, options, min_answers: minAnswers } = stats.data;
  const keys = new Set(parseChoiceAnswer(officialAnswer) ?? []);
  return (
    <Box component="section" aria-label={m.title} bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="class-answers">
      <Stack gap={6}>
        <Text fw={700} size="sm">
          {m.title}
        </Text>
        {correctRate === null ? (
          <Text size="sm" c="gray.7">
            {m.tooFew(minAnswers, answers)}
          </Text>
        ) : (
          <>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{m.summary(answers, statsMessages.percent(correctRate))}</Text>
              <FeltDifficulty problemUid={uid} />
            </Group>
            <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {options.map((option, index) => {
                const isKey = keys.has(index + 1);
                const rate = option.rate ?? 0;
                return (
                  <Group component="li" key={option.option} gap="xs" wrap="nowrap">
                    <VisuallyHidden>{m.optionRow(option.option, statsMessages.percent(rate), option.count ?? 0)}</VisuallyHidden>
                    <Text size="sm" w={20} fw={isKey ? 700 : 400} aria-hidden>
                      {option.option}
                    </Text>
                    <Progress value={rate * 100} color={isKey ? 'teal.8' : 'gray.6'} size="lg" style={{ flex: 1 }} aria-hidden />
                    <Text size="sm" w={52} ta="right" aria-hidden>
                      {statsMessages.percent(rate)}
                    </Text>
                    {isKey ? (
                      <Badge size="sm" variant="filled" color="teal.9" radius="sm">
                        {m.key}
                      </Badge>
                    ) : (
                      <Box w={38} />
                    )}
                  </Group>
                );
              })}
            </Stack>
            <Text size="xs" c="gray.7">
              {m.firstOnly}
            </Text>
          </>
        )}
      </Stack>
    </Box>
  );
}
