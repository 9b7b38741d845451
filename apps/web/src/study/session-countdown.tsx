import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { studyMessages } from './messages';

const m = studyMessages.session;

function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(min)}:${pad(s)}` : `${pad(min)}:${pad(s)}`;
}

/**
 * The time left until the server's ends_at. `skewMs` (server clock − device clock when the session
 * was read) corrects a device whose clock is off; `onElapsed` runs once when it reaches zero.
 */
export function SessionCountdown({ endsAt, skewMs, onElapsed }: { endsAt: string; skewMs: number; onElapsed: () => void }) {
  const end = Date.parse(endsAt);
  const [remaining, setRemaining] = useState(() => end - (Date.now() + skewMs));
  const fired = useRef(false);
  const elapsed = useRef(onElapsed);
  useEffect(() => {
    elapsed.current = onElapsed;
  }, [onElapsed]);

  useEffect(() => {
    const tick = () => {
      const ms = end - (Date.now() + skewMs);
      setRemaining(ms);
      if (ms <= 0 && !fired.current) {
        fired.current = true;
        elapsed.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [end, skewMs]);

  const urgent = remaining < 60_000;
  return (
    <Badge
      size="xl"
      radius="sm"
      variant={urgent ? 'filled' : 'light'}
      color={urgent ? 'red.9' : 'blue'}
      leftSection={<IconClock size={18} aria-hidden />}
      role="timer"
      aria-label={`${m.remaining} ${clock(remaining)}`}
      data-testid="session-countdown"
    >
      {clock(remaining)}
    </Badge>
  );
}
