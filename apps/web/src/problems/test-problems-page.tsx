import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useReleaseServerPaint } from '../lib/server-paint';
import { messages } from './messages';
import { TEST_PROBLEMS_PAGE_SIZE, useProblems, useTestInfo, useTestTypeCounts } from './api';
import { SaveOfflineButton } from '../offline/save-offline-button';
import { ExportMenu } from './components/export-menu';
import { QueryInfoCard } from './components/info-card';
import { NotFoundState } from './components/not-found-state';
import { ProblemList } from './components/problem-list';
import { SearchedProblemBrowser } from './components/searched-problem-browser';
import { ViewerBreadcrumb } from './components/viewer-breadcrumb';
import { useViewerParams } from './use-viewer-params';
import { examBackTarget, examNameFromState, parseCode } from './viewer-nav';

const m = messages.problems;

/** The exam viewer loads the next chunk when the last problem is within 200 px. */
const ROOT_MARGIN = '0px 0px 200px 0px';

/** /tests/:testCode/problems — one exam's problems, answers and explanations. */
export function TestProblemsPage() {
  const params = useParams();
  const location = useLocation();
  const testCode = parseCode(params.testCode);
  const back = examBackTarget(location.state);
  const viewer = useViewerParams();
  const { view, q, order } = viewer;

  const info = useTestInfo(testCode);
  const problems = useProblems(testCode === null ? null : { test_code: testCode }, q, TEST_PROBLEMS_PAGE_SIZE, order);
  // A search, or 반복 출제만, shows only its hits: their sections count what was found.
  const wholeExam = q === '' && !order.recurring;
  const typeCounts = useTestTypeCounts(testCode, wholeExam);

  const notFound = testCode === null || (isApiRequestError(info.error) && info.error.status === 404);
  // The server's drawing of this page (decision 067) shows the first problems: it gives way once
  // they are here, or what stands in their place.
  useReleaseServerPaint(notFound || problems.isSuccess || problems.isError);
  const title = info.data?.test_name ?? examNameFromState(location.state) ?? messages.titles.testProblems;
  useDocumentTitle(messages.app.pageTitle(title));

  return (
    <Stack gap="md">
      <ViewerBreadcrumb back={back} current={title} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {!notFound && testCode !== null && (
          <Group gap="xs" align="flex-start">
            <Button
              component={Link}
              to={paths.testSolve.getHref(testCode)}
              state={{ test: info.data ?? null }}
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              rightSection={
                <Badge size="xs" variant="filled" radius="sm">
                  {m.beta}
                </Badge>
              }
            >
              {m.solveMode}
            </Button>
            <ExportMenu testCode={testCode} />
            <SaveOfflineButton testCode={testCode} listPageSize={TEST_PROBLEMS_PAGE_SIZE} />
          </Group>
        )}
      </Group>

      {notFound ? (
        <NotFoundState text={m.testNotFound} back={back} />
      ) : (
        <>
          <QueryInfoCard
            query={info}
            failedText={m.testInfoFailed}
            label={m.infoLabel}
            items={(data) => [
              { term: m.info.year, value: m.yearValue(data.year) },
              { term: m.info.subject, value: data.subject_name },
              { term: m.info.test, value: data.test_name },
              { term: m.info.count, value: m.countValue(data.problem_count) },
            ]}
          />
          <SearchedProblemBrowser
            viewer={viewer}
            query={problems}
            rootMargin={ROOT_MARGIN}
            renderProblems={(list, highlightedUid) => (
              <ProblemList
                problems={list}
                view={view}
                headingOrder={2}
                highlightedUid={highlightedUid}
                typeCounts={wholeExam ? typeCounts.data : undefined}
                searchQuery={q}
              />
            )}
          />
        </>
      )}
    </Stack>
  );
}
