import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionToolsMessages } from './session-tools-messages';

const m = sessionToolsMessages.pause;

// Pausing a tutor-mode session (issue 30 item 3, decision 184): the screen's own state, kept per
// session in this tab's sessionStorage so a reload stays paused; it does not follow the member to
// another tab or device (decision 198). A timed session has no pause: its clock is the server's ends_at.

const storageKey = (sessionCode: number) => `qbank.study.paused.${sessionCode}`;

function readPaused(sessionCode: number): boolean {
  try {
    return window.sessionStorage.getItem(storageKey(sessionCode)) === '1';
  } catch {
    // Storage switched off (private mode): a reload simply resumes.
    return false;
  }
}

function writePaused(sessionCode: number, paused: boolean): void {
  try {
    if (paused) window.sessionStorage.setItem(storageKey(sessionCode), '1');
    else window.sessionStorage.removeItem(storageKey(sessionCode));
  } catch {
    // See readPaused.
  }
}

/** Whether the session is paused, and the switch; always false where pausing is not offered. */
export function useSessionPause(sessionCode: number, offered: boolean) {
  const [stored, setStored] = useState(() => offered && readPaused(sessionCode));
  const setPaused = useCallback(
    (next: boolean) => {
      writePaused(sessionCode, next);
      setStored(next);
    },
    [sessionCode],
  );
  return { paused: offered && stored, setPaused };
}

export function PauseButton({ onPause }: { onPause: () => void }) {
  return (
    <Button variant="default" className="qbank-solve-target" title={m.pauseHint} leftSection={<IconPlayerPause size={18} aria-hidden />} onClick={onPause}>
      {m.pause}
    </Button>
  );
}

/** What stands in the problem's place while paused: nothing of the stem, options or passage is in the page. */
export function PausedCard({ onResume }: { onResume: () => void }) {
  const resumeRef = useRef<HTMLButtonElement>(null);
  // The focus follows: the pressed 일시정지 is gone, 다시 시작 is the one thing to do.
  useEffect(() => {
    resumeRef.current?.focus();
  }, []);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="session-paused-heading" data-testid="session-paused">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="session-paused-heading">
          {m.paused}
        </Title>
        <Text>{m.pausedText}</Text>
        <Button ref={resumeRef} className="qbank-solve-target" leftSection={<IconPlayerPlay size={18} aria-hidden />} onClick={onResume}>
          {m.resume}
        </Button>
      </Stack>
    </Paper>
  );
}
