import { Button } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { answeringMessages as m } from '../../answering/messages';
import { useImportantToggle } from '../use-solve-box';

/** ★ 중요: the problem in or out of the member's 중요 문제 box (decision 016). */
export function ImportantButton({ problemUid }: { problemUid: number }) {
  const important = useImportantToggle(problemUid);
  return (
    <Button
      variant={important.checked ? 'filled' : 'default'}
      className="qbank-solve-target"
      aria-pressed={important.checked}
      loading={important.busy}
      onClick={important.onToggle}
      leftSection={important.checked ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
    >
      {m.important}
    </Button>
  );
}
