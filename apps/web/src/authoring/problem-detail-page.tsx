import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProblemDetail } from '@qbank/shared/lead-problems';
import { formatDateTime } from '@qbank/shared/format';
import { gradeCodeLabel } from '@qbank/shared/grade';
import { IconHistory, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { problemDetailQueryOptions } from './api';
import { HistoryModal } from './history-modal';
import { SubmissionReviewPanel } from './submission-review-panel';
import { ProblemContentView } from './problem-content-view';
import { ProblemEditForm } from './problem-edit-form';
import { SetHeaderSection } from './set-header-section';
import { problemName, StatusBadge, TypeBadge, VacantBadge } from './ui';
import { LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { BackLink } from '../components/back-link';
import { parsePositiveId } from '../lib/parse-positive-id';

const t = messages.authoring.detail;

function InfoItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function ExamInfo({ problem }: { problem: ProblemDetail }) {
  const { test } = problem;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exam-info-title">
      <Title order={2} size="h4" id="exam-info-title" mb="xs">
        {t.examInfo}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
        <InfoItem label={t.info.subject}>{test.subject_name}</InfoItem>
        <InfoItem label={t.info.exam}>{test.test_name}</InfoItem>
        <InfoItem label={t.info.year}>{messages.authoring.year(test.year)}</InfoItem>
        <InfoItem label={t.info.grades}>{test.grades.length > 0 ? test.grades.map(gradeCodeLabel).join(', ') : t.none}</InfoItem>
      </SimpleGrid>
    </Paper>
  );
}

function SlotInfo({ problem }: { problem: ProblemDetail }) {
  const who = problem.updated_by ? `${problem.updated_by.name}(${problem.updated_by.id})` : t.unknownMember;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span c="gray.7" inherit>
          {t.assignees}:{' '}
        </Text>
        {problem.assignees.length > 0 ? problem.assignees.map((a) => `${a.name}(${a.id})`).join(', ') : t.noAssignees}
      </Text>
      <Text size="sm" c="gray.7">
        {t.lastSaved(who, formatDateTime(problem.update_time))}
      </Text>
    </Stack>
  );
}

function ClassesView({ problem }: { problem: ProblemDetail }) {
  return (
    <Stack gap={4} component="section" aria-labelledby="classes-title">
      <Title order={2} size="h5" id="classes-title">
        {t.classes}
      </Title>
      {problem.classes.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t.noClasses}
        </Text>
      ) : (
        <List size="sm">
          {problem.classes.map((c) => (
            <List.Item key={c.uid}>{t.classOption(c.class_name, c.class_date)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The lead's problem detail (decision 029): view and edit modes, set header, classes and history. */
export function ProblemDetailPage() {
  const params = useParams();
  const testCode = parsePositiveId(params.testCode);
  const uid = parsePositiveId(params.problemUid);
  const navigate = useNavigate();
  const detail = useQuery({ ...problemDetailQueryOptions(uid ?? 0), enabled: uid !== null });
  const [editing, setEditing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const listHref = testCode === null ? paths.dashboard.lead.tests.getHref() : paths.dashboard.lead.testProblems.getHref(testCode);

  // Problem not found → an alert, then back to the list.
  const notFound = uid === null || (isApiRequestError(detail.error) && detail.error.status === 404);
  const announced = useRef(false);
  useEffect(() => {
    if (!notFound || announced.current) return;
    announced.current = true;
    notifications.show({ color: 'red', message: t.notFound, autoClose: 3000 });
    void navigate(listHref, { replace: true });
  }, [notFound, navigate, listHref]);

  const back = <BackLink to={listHref}>{t.backToList}</BackLink>;

  if (notFound || detail.isPending) {
    return (
      <Stack gap="md">
        <PageHeader title={messages.titles.leadProblemDetail} before={back} />
        <Loading />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="md">
        <PageHeader title={messages.titles.leadProblemDetail} before={back} />
        <LoadFailed text={t.loadFailed} error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }

  const problem = detail.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={problemName(problem.type, problem.no)}
        before={back}
        intro={`${problem.test.test_name} · ${problem.test.subject_name} · ${messages.authoring.year(problem.test.year)}`}
        actions={
          !editing && (
            <>
              <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
              <Button variant="default" leftSection={<IconHistory size={18} aria-hidden />} onClick={() => setHistoryOpen(true)}>
                {t.history(problem.version_count)}
              </Button>
            </>
          )
        }
      />
      <Group gap="xs">
        <TypeBadge type={problem.type} />
        {problem.is_vacant === 1 && <VacantBadge />}
        <StatusBadge status={problem.status} />
        {editing && (
          <Text size="sm" fw={600} c="blue.9">
            {t.editing}
          </Text>
        )}
      </Group>
      <SlotInfo problem={problem} />
      <SubmissionReviewPanel uid={problem.uid} />
      <ExamInfo problem={problem} />
      <SetHeaderSection testCode={problem.test_code} problem={problem} />
      {editing ? (
        <ProblemEditForm problem={problem} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="content-title">
            <Title order={2} size="h4" id="content-title" mb="sm">
              {t.content}
            </Title>
            <ProblemContentView content={problem} headingOrder={3} />
          </Paper>
          <ClassesView problem={problem} />
        </>
      )}
      <HistoryModal problem={problem} opened={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Stack>
  );
}
