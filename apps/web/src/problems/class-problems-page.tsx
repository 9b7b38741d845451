import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Problem } from '@qbank/shared/problems';
import { Link, useLocation, useParams } from 'react-router';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { CLASS_PROBLEMS_PAGE_SIZE, useClassMeta, useProblems } from './api';
import { QueryInfoCard } from './components/info-card';
import { NotFoundState } from './components/not-found-state';
import { ProblemList } from './components/problem-list';
import { SearchedProblemBrowser } from './components/searched-problem-browser';
import { useProblemCardSlots } from './components/problem-card-slots';
import { ViewerBreadcrumb } from './components/viewer-breadcrumb';
import { groupByTest, type ViewMode } from './problem-format';
import { useViewerParams } from './use-viewer-params';
import { classBackTarget, parseCode } from './viewer-nav';

const m = messages.problems;
const c = messages.classes;

/** Class problems come 5 at a time; margin 100 px, threshold 0.1. */
const ROOT_MARGIN = '0px 0px 100px 0px';
const THRESHOLD = 0.1;

/** One exam's problems of this class, headed by a link to that exam's own problem list. */
function TestGroups({
  problems,
  view,
  highlightedUid,
  fromPath,
  searchQuery,
}: {
  problems: Problem[];
  view: ViewMode;
  highlightedUid: number | null;
  fromPath: string;
  searchQuery: string;
}) {
  return (
    <Stack gap="xl">
      {groupByTest(problems).map((group, index) => {
        const headingId = `class-test-${group.test_code}-${index}`;
        return (
          <Stack component="section" key={headingId} gap="sm" aria-labelledby={headingId}>
            <Title order={2} size="h4" id={headingId}>
              <Anchor component={Link} to={paths.testProblems.getHref(group.test_code)} state={{ fromPath }}>
                <Group gap="xs" component="span" wrap="wrap">
                  <Badge variant="light" radius="sm" component="span">
                    {m.yearValue(group.year)}
                  </Badge>
                  <span>{group.test_name}</span>
                </Group>
              </Anchor>
            </Title>
            <ProblemList problems={group.problems} view={view} headingOrder={3} highlightedUid={highlightedUid} searchQuery={searchQuery} />
          </Stack>
        );
      })}
    </Stack>
  );
}

/** /classes/:classHeritageCode/problems — the problems linked to one class, grouped by exam. */
export function ClassProblemsPage() {
  const params = useParams();
  const location = useLocation();
  const classCode = parseCode(params.classHeritageCode);
  const viewer = useViewerParams();
  const { view, q, order } = viewer;

  const meta = useClassMeta(classCode);
  const { ClassRecurrence } = useProblemCardSlots();
  const problems = useProblems(classCode === null ? null : { class_heritage_code: classCode }, q, CLASS_PROBLEMS_PAGE_SIZE, order);

  const back = classBackTarget(location.state, meta.data?.subject_code);
  const notFound = classCode === null || (isApiRequestError(meta.error) && meta.error.status === 404);
  const title = meta.data?.class_name ?? messages.titles.classProblems;
  useDocumentTitle(messages.app.pageTitle(title));
  const fromPath = `${location.pathname}${location.search}`;

  return (
    <Stack gap="md">
      <ViewerBreadcrumb back={back} current={title} />
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>

      {notFound ? (
        <NotFoundState text={c.notFound} back={back} />
      ) : (
        <>
          <QueryInfoCard
            query={meta}
            failedText={c.loadFailed}
            label={c.infoLabel}
            items={(data) => [
              { term: c.info.subject, value: data.subject_name },
              { term: c.info.date, value: data.class_date },
              { term: c.info.period, value: data.class_time === null ? m.dash : c.period(data.class_time) },
              { term: c.info.professor, value: data.professor?.trim() || m.dash },
              { term: c.info.count, value: m.countValue(data.problem_count) },
            ]}
          />
          {ClassRecurrence && classCode !== null && <ClassRecurrence classCode={classCode} />}
          <SearchedProblemBrowser
            viewer={viewer}
            query={problems}
            rootMargin={ROOT_MARGIN}
            threshold={THRESHOLD}
            showTestColumn
            renderProblems={(list, highlightedUid) => (
              <TestGroups problems={list} view={view} highlightedUid={highlightedUid} fromPath={fromPath} searchQuery={q} />
            )}
          />
        </>
      )}
    </Stack>
  );
}
