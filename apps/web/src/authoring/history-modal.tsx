import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProblemDetail, ProblemVersion } from '@qbank/shared/lead-problems';
import { formatDateTime } from '@qbank/shared/format';
import { IconEye, IconRestore } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';
import { useRestoreVersion, versionsInfiniteOptions } from './api';
import { plainPreview } from './problem-content';
import { ProblemContentView } from './problem-content-view';
import { ErrorAlert, LoadFailed, Loading } from '../components/load-state';
import { showSuccess } from '../components/toasts';

const v = messages.authoring.history;
const PREVIEW_LENGTH = 60;

type MemberRef = ProblemDetail['updated_by'];
const whoOf = (member: MemberRef) => (member ? `${member.name}(${member.id})` : messages.authoring.detail.unknownMember);

function versionPreview(version: ProblemVersion): string {
  const text = plainPreview(version.snapshot.question, PREVIEW_LENGTH);
  if (text) return text;
  return version.snapshot.question_pic_path ? messages.authoring.problems.pictureOnly : v.emptyPreview;
}

function VersionItem({ version, onView, onRestore }: { version: ProblemVersion; onView: () => void; onRestore: () => void }) {
  const when = formatDateTime(version.creation_time);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Title order={3} size="h6">
          {v.version(when, whoOf(version.edited_by))}
        </Title>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {versionPreview(version)}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={onView} aria-label={v.viewLabel(when)}>
            {v.view}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconRestore size={16} aria-hidden />} onClick={onRestore} aria-label={v.restoreLabel(when)}>
            {v.restore}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function HistoryBody({ problem, onClose }: { problem: ProblemDetail; onClose: () => void }) {
  const versions = useInfiniteQuery(versionsInfiniteOptions(problem.uid));
  const restore = useRestoreVersion(problem.uid);
  const [viewing, setViewing] = useState<ProblemVersion | null>(null);
  const [confirming, setConfirming] = useState<ProblemVersion | null>(null);

  if (confirming) {
    const when = formatDateTime(confirming.creation_time);
    return (
      <Stack gap="sm">
        <Text>{v.restoreConfirm(when)}</Text>
        <Text size="sm" c="gray.7">
          {v.restoreNote}
        </Text>
        {restore.isError && <ErrorAlert title={v.restoreFailed} error={restore.error} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={restore.isPending}>
            {messages.authoring.cancel}
          </Button>
          <Button
            loading={restore.isPending}
            onClick={() =>
              restore.mutate(confirming.code, {
                onSuccess: () => {
                  showSuccess(v.restored);
                  onClose();
                },
              })
            }
          >
            {v.confirm}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (viewing) {
    const when = formatDateTime(viewing.creation_time);
    return (
      <Stack gap="md">
        <Title order={3} size="h5">
          {v.snapshotTitle(when)}
        </Title>
        <Text size="sm" c="gray.7">
          {whoOf(viewing.edited_by)}
        </Text>
        <ProblemContentView content={viewing.snapshot} headingOrder={4} />
        <Group justify="space-between" gap="xs">
          <Button variant="default" onClick={() => setViewing(null)}>
            {v.backToList}
          </Button>
          <Button leftSection={<IconRestore size={16} aria-hidden />} onClick={() => setConfirming(viewing)}>
            {v.restore}
          </Button>
        </Group>
      </Stack>
    );
  }

  const rows = versions.data?.pages.flatMap((page) => page.versions) ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {v.intro}
      </Text>
      <Alert color="blue" variant="light" role="note">
        <Text size="sm" c="dark.9">
          {v.current(whoOf(problem.updated_by), formatDateTime(problem.update_time))}
        </Text>
      </Alert>
      {versions.isPending ? (
        <Loading />
      ) : versions.isError ? (
        <LoadFailed text={v.loadFailed} error={versions.error} onRetry={() => void versions.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="gray.7">{v.empty}</Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label={v.list} p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((version) => (
            <VersionItem key={version.code} version={version} onView={() => setViewing(version)} onRestore={() => setConfirming(version)} />
          ))}
        </Stack>
      )}
      {versions.hasNextPage && (
        <Button variant="default" onClick={() => void versions.fetchNextPage()} loading={versions.isFetchingNextPage}>
          {v.more}
        </Button>
      )}
    </Stack>
  );
}

/** Issue 5: who saved what and when; each earlier version can be read and restored (decision 023). */
export function HistoryModal({ problem, opened, onClose }: { problem: ProblemDetail; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={v.title} centered size="lg">
      {opened && <HistoryBody problem={problem} onClose={onClose} />}
    </Modal>
  );
}
