import { Badge, VisuallyHidden } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { useOnline } from '../lib/use-online';
import { usePendingAnswers } from './use-offline-status';

const m = messages.indicator;

/**
 * The shell's word on the connection: "오프라인" while there is none, and how many answers wait to
 * be sent. Nothing at all while online with nothing waiting.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const session = useLoginSession();
  const waiting = usePendingAnswers(session.status === 'signed-in' ? session.user.code : null);
  if (online && waiting === 0) return <span role="status" aria-live="polite" />;
  // Short enough for a phone's top bar; the full sentence is read out and shown on hover.
  const text = online ? m.waiting(waiting) : waiting > 0 ? `${m.offline} · ${waiting}` : m.offline;
  const hint = online ? m.waitingHint(waiting) : waiting > 0 ? `${m.offlineHint} ${m.waitingHint(waiting)}` : m.offlineHint;
  return (
    <span role="status" aria-live="polite">
      <Badge
        title={hint}
        size="lg"
        radius="sm"
        variant="light"
        color={online ? 'blue' : 'orange'}
        c={online ? 'blue.9' : 'orange.9'}
        leftSection={online ? <IconCloudUpload size={16} aria-hidden /> : <IconWifiOff size={16} aria-hidden />}
      >
        {text}
        <VisuallyHidden>{`. ${hint}`}</VisuallyHidden>
      </Badge>
    </span>
  );
}
