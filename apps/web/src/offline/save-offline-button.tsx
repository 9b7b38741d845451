import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { saveExamForOffline } from './save-api';
import { messages } from './messages';
import { useOnline } from '../lib/use-online';
import { useSavedAt } from './use-offline-status';

const m = messages.save;

/**
 * 오프라인 저장: keeps everything the exam needs to be read and solved without a connection.
 * Its state is always in words: 오프라인 저장, 저장 중…, 저장됨 (and when), or why it failed.
 */
export function SaveOfflineButton({ testCode, listPageSize }: { testCode: number; listPageSize: number }) {
  const online = useOnline();
  const savedAt = useSavedAt(testCode);
  const save = useMutation({ mutationFn: () => saveExamForOffline(testCode, listPageSize) });
  const saved = savedAt !== null && !save.isPending && !save.isError;

  let status: { text: string; error: boolean } | null = null;
  if (save.isError) status = { text: `${m.failed}. ${m.failedHint}`, error: true };
  else if (!online && savedAt === null) status = { text: m.offline, error: false };
  else if (saved)
    status = {
      text: m.savedHint(new Date(savedAt).toLocaleString('ko-KR', { month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' })),
      error: false,
    };

  return (
    <div className="qbank-save-offline">
      <Button
        variant={saved ? 'light' : 'default'}
        color={saved ? 'teal' : undefined}
        c={saved ? 'teal.9' : undefined}
        loading={save.isPending}
        loaderProps={{ type: 'dots' }}
        disabled={!online}
        leftSection={saved ? <IconCircleCheck size={16} aria-hidden /> : <IconDownload size={16} aria-hidden />}
        aria-describedby={status ? `save-offline-status-${testCode}` : undefined}
        onClick={() => save.mutate()}
      >
        {save.isPending ? m.saving : saved ? m.saved : m.button}
      </Button>
      {/* The screen reader hears the outcome; 저장 중 is the button's own word while it works. */}
      <Text id={`save-offline-status-${testCode}`} size="xs" c={status?.error ? 'red.9' : 'dimmed'} role={status?.error ? 'alert' : 'status'} mt={4} maw={280}>
        {save.isPending ? m.saving : status?.text}
      </Text>
    </div>
  );
}
