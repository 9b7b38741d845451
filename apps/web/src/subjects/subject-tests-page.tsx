import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { gradeCodeLabel } from '@qbank/shared/grade';
import type { Subject } from '@qbank/shared/subjects';
import type { TestSummary } from '@qbank/shared/exams';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ListPagination } from '../components/list-pagination';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { SUBJECT_TESTS_PAGE_SIZE, subjectTestsQueryOptions } from './api';
import { parsePositiveId } from '../lib/parse-positive-id';
import { cliexamLabel, subjectTypeLabel } from './subject-labels';
import { SubjectNotFound, SubjectPageHeader } from './subject-nav';
import { useDraft } from '../lib/use-draft';
import { SearchField } from './search-field';
import { ListBody } from './subject-pieces';

const m = messages.subjects;

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} mb="xs">
        {children}
      </Text>
    </>
  );
}

function SubjectInfo({ subject }: { subject: Subject }) {
  const positions = [...new Set(subject.positions.map((p) => p.grade))].sort((a, b) => a - b);
  return (
    <Paper component="section" aria-labelledby="subject-info" withBorder radius="md" p="md">
      <Title order={2} fz="lg" id="subject-info" mb="sm">
        {m.info}
      </Title>
      <dl style={{ margin: 0 }}>
        <InfoRow label={m.name}>{subject.subject_name}</InfoRow>
        <InfoRow label={m.abbr}>{subject.abbr ?? '-'}</InfoRow>
        <InfoRow label={m.typeLabel}>{subjectTypeLabel(subject.type)}</InfoRow>
        <InfoRow label={m.cliexam}>{cliexamLabel(subject.cliexam_type)}</InfoRow>
        <InfoRow label={m.positions}>
          {positions.length === 0 ? (
            '-'
          ) : (
            <Group gap={4} component="span">
              {positions.map((grade) => (
                <Badge key={grade} component="span" variant="light" color="gray" c="dark.7" radius="sm" size="sm">
                  {gradeCodeLabel(grade)}
                </Badge>
              ))}
            </Group>
          )}
        </InfoRow>
      </dl>
    </Paper>
  );
}

function TestTable({ tests, subjectId }: { tests: TestSummary[]; subjectId: number }) {
  const navigate = useNavigate();
  const fromPath = paths.subjectTests.getHref(subjectId);
  return (
    <Table.ScrollContainer minWidth={360} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.testName}</Table.Th>
            <Table.Th scope="col" w={90}>
              {m.testYear}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tests.map((test) => {
            const href = paths.testProblems.getHref(test.test_code);
            const state = { test, fromPath };
            return (
              <Table.Tr key={test.test_code} onClick={() => void navigate(href, { state })} style={{ cursor: 'pointer' }}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={href} state={state} fw={600} onClick={(e) => e.stopPropagation()}>
                    {test.test_name}
                  </Anchor>
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.year(test.year)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SubjectTestsPage() {
  const { subjectId: rawId } = useParams();
  const subjectId = parsePositiveId(rawId);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = parsePositiveId(params.get('page')) ?? 1;

  const query = useQuery({ ...subjectTestsQueryOptions(subjectId ?? 0, { search, page }), enabled: subjectId !== null });
  const subject = query.data?.subject;
  const title = subject ? m.testsTitle(subject.subject_name) : messages.titles.subjectTests;
  useDocumentTitle(messages.app.pageTitle(title));

  const [draft, setDraft] = useDraft(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    setParams(q ? { q } : {});
  };
  const goToPage = (next: number) => setParams({ ...(search ? { q: search } : {}), ...(next > 1 ? { page: String(next) } : {}) });

  if (subjectId === null || (isApiRequestError(query.error) && query.error.status === 404)) return <SubjectNotFound />;

  return (
    <Stack gap="md">
      <SubjectPageHeader title={title} subjectName={subject?.subject_name} />
      <Group gap="xs">
        <Button component={Link} to={paths.subjectClasses.getHref(subjectId)} variant="default" size="xs">
          {m.toClasses}
        </Button>
      </Group>

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Paper component="form" role="search" aria-label={m.testFilters} withBorder radius="md" p="md" onSubmit={submit}>
              <SearchField label={m.testSearchLabel} placeholder={m.testSearchPlaceholder} value={draft} onChange={setDraft} />
            </Paper>
            <ListBody
              query={query}
              failed={() => <Alert color="red" title={m.testsLoadFailed} />}
              rows={(data) => data.tests}
              emptyText={search ? m.noResults : m.noTests}
              total={(data) => m.testsTotal(data.total)}
            >
              {(data) => (
                <>
                  <TestTable tests={data.tests} subjectId={subjectId} />
                  <ListPagination total={data.total} pageSize={SUBJECT_TESTS_PAGE_SIZE} page={page} onChange={goToPage} label={m.testsPagination} />
                </>
              )}
            </ListBody>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          {subject && <SubjectInfo subject={subject} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
