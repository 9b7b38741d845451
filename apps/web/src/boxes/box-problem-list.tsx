import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { type Box, type BoxProblem } from '@qbank/shared/boxes';
import { formatDate } from '@qbank/shared/format';
import { IconExternalLink, IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { ProblemCard } from '../problems/components/problem-card';
import { useLibraryProblem } from './api';
import { m, typeName, qLabel, failure } from './library-shared';

interface RowActions {
  rows: BoxProblem[];
  onOpen: (row: BoxProblem) => void;
  onRemove: (row: BoxProblem) => void;
  removing: boolean;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function RowButtons({ row, onOpen, onRemove, removing }: { row: BoxProblem } & Omit<RowActions, 'rows'>) {
  const label = qLabel(row.no);
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={14} aria-hidden />}
        aria-label={m.openLabel(label, row.test_name)}
        onClick={() => onOpen(row)}
      >
        {m.open}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={m.removeLabel(label, row.test_name)}
        disabled={removing}
        onClick={() => onRemove(row)}
      >
        {m.remove}
      </Button>
    </Group>
  );
}

export function ProblemTable({ box, rows, ...actions }: RowActions & { box: Box }) {
  const c = m.columns;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Caption>{m.tableCaption(box.box_name)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.subject}</Table.Th>
            <Table.Th>{c.year}</Table.Th>
            <Table.Th>{c.exam}</Table.Th>
            <Table.Th>{c.no}</Table.Th>
            <Table.Th>{c.type}</Table.Th>
            <Table.Th>{c.question}</Table.Th>
            <Table.Th>{c.added}</Table.Th>
            <Table.Th>{c.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.problem_uid}>
              <Table.Td>{row.subject_name}</Table.Td>
              <Table.Td>{row.test_year}</Table.Td>
              <Table.Td>{row.test_name}</Table.Td>
              <Table.Td>{qLabel(row.no)}</Table.Td>
              <Table.Td>{typeName(row.type)}</Table.Td>
              <Table.Td style={{ maxWidth: 280 }}>{preview(row.question_text)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.creation_time)}</Table.Td>
              <Table.Td>
                <RowButtons row={row} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ProblemCards({ rows, ...actions }: RowActions) {
  const c = m.columns;
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.problem_uid} withBorder radius="sm" p="sm">
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Text fw={700}>{qLabel(row.no)}</Text>
              <Badge variant="light" radius="sm">
                {typeName(row.type)}
              </Badge>
              <Text size="sm">
                {row.test_year} · {row.subject_name}
              </Text>
            </Group>
            <Text size="sm" c="gray.7">
              {row.test_name}
            </Text>
            <Text size="sm">{preview(row.question_text)}</Text>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="gray.7">
                {c.added} {formatDate(row.creation_time)}
              </Text>
              <RowButtons row={row} {...actions} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function ProblemDetailModal({ row, onClose, fullScreen }: { row: BoxProblem | null; onClose: () => void; fullScreen: boolean }) {
  const problem = useLibraryProblem(row?.problem_uid ?? null);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      size="xl"
      fullScreen={fullScreen}
      title={row ? m.detailTitle(row.test_name, qLabel(row.no)) : ''}
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {row &&
        (problem.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={messages.app.loading} />
          </Group>
        ) : problem.isError ? (
          <Alert color="red" title={m.problemLoadFailed}>
            {failure(problem.error) || m.problemGone}
          </Alert>
        ) : (
          <Stack gap="md">
            <Group justify="flex-end">
              <Button
                component={Link}
                to={paths.testProblems.getHref(problem.data.test_code)}
                state={{ highlightUid: problem.data.uid }}
                variant="light"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {m.openInExam}
              </Button>
            </Group>
            <ProblemCard problem={problem.data} view="all" headingOrder={3} repliesOpened />
          </Stack>
        ))}
    </Modal>
  );
}
