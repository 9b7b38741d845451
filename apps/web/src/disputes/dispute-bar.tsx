import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconScale } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useDisputeSummary } from './api';
import { DisputeBadges } from './dispute-badges';
import { disputeMessages as m } from './messages';
import './disputes.css';

// The modal (form, list) is fetched only when opened.
const DisputeModal = lazy(() => import('./dispute-modal').then((mod) => ({ default: mod.DisputeModal })));

/**
 * What a problem shows about its answer key in the viewers and solve mode: the dispute badges
 * and the 이의제기 button that opens the problem's disputes and the form. `keyShown`: the screen
 * shows the key already (solve mode before an answer does not: the key waits behind a button).
 */
export function ProblemDisputeBar({ problemUid, label, problemKey, keyShown }: { problemUid: number; label: string; problemKey: string; keyShown: boolean }) {
  const summary = useDisputeSummary(problemUid);
  const [opened, modal] = useDisclosure(false);
  return (
    <Stack gap={6}>
      <DisputeBadges summary={summary.data} currentKey={keyShown ? problemKey : null} />
      <Group gap="xs">
        <Button
          size="sm"
          variant="default"
          className="qbank-dispute-target"
          leftSection={<IconScale size={16} aria-hidden />}
          onClick={modal.open}
          aria-haspopup="dialog"
        >
          {summary.data?.open_count ? m.disputeButtonWithCount(summary.data.open_count) : m.disputeButton}
        </Button>
      </Group>
      {opened && (
        <Suspense fallback={null}>
          <DisputeModal problemUid={problemUid} label={label} problemKey={problemKey} keyShown={keyShown} opened={opened} onClose={modal.close} />
        </Suspense>
      )}
    </Stack>
  );
}
