import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { paths } from '../lib/paths';
import { useFlaggedProblems } from './api';
import { messages } from './messages';

const m = messages.queue;

/** 오류 신고 문제 (leads): problems several members rated erroneous, with their comments. */
export function FlaggedPage() {
  const [page, setPage] = useState(1);
  const query = useFlaggedProblems(page);
  return (
    <Stack gap="md">
      <PageHeader title={m.title} intro={m.intro} />
      {query.isError ? (
        <LoadFailed text={m.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading />
      ) : query.data.problems.length === 0 ? (
        <EmptyState>{m.empty}</EmptyState>
      ) : (
        <>
          {query.data.problems.map((problem) => (
            <Paper key={problem.problem_uid} withBorder p="md" component="article">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Anchor component={Link} to={paths.dashboard.lead.testProblem.getHref(problem.test_code, problem.problem_uid)} fw={600}>
                    {m.problem(problem.test_name, problem.no)}
                  </Anchor>
                  <Badge color="red" variant="light">
                    {m.reports(problem.erroneous)}
                  </Badge>
                </Group>
                <Text size="sm" lineClamp={3}>
                  {problem.question_text}
                </Text>
                {problem.comments.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {m.noComments}
                  </Text>
                ) : (
                  <Stack gap={4} component="ul" pl="md" my={0}>
                    {problem.comments.map((comment, index) => (
                      <Text key={index} component="li" size="sm">
                        {comment.comment}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Paper>
          ))}
          <ListPagination total={query.data.total} pageSize={query.data.limit} page={page} onChange={setPage} label={m.pages} />
        </>
      )}
    </Stack>
  );
}
