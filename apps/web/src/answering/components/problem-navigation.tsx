import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { answeringMessages as m } from '../messages';
import '../answering.css';

type ProblemNavigationProps = {
  /** 1-based place of the problem shown. */
  position: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
  /** Stands instead of 다음 on the last problem (a study session's 종료). */
  last?: ReactNode;
  /** 다음 stays usable on the last problem and leads past it (the review deck's end card). */
  pastEnd?: boolean;
  nextLabel?: string;
  nextVariant?: 'filled' | 'default';
  wrap?: 'wrap' | 'nowrap';
};

/** 이전 and 다음 under the problem of every answering screen; ← and → press them (aria-keyshortcuts). */
export function ProblemNavigation({ position, total, onPrevious, onNext, last, pastEnd, nextLabel = m.next, nextVariant, wrap }: ProblemNavigationProps) {
  const atLast = position >= total;
  return (
    <Group justify="space-between" gap="sm" wrap={wrap}>
      <Button
        variant="default"
        className="qbank-solve-target"
        leftSection={<IconChevronLeft size={18} aria-hidden />}
        aria-keyshortcuts="ArrowLeft"
        disabled={position <= 1}
        onClick={onPrevious}
      >
        {m.previous}
      </Button>
      {atLast && last ? (
        last
      ) : (
        <Button
          className="qbank-solve-target"
          rightSection={<IconChevronRight size={18} aria-hidden />}
          aria-keyshortcuts="ArrowRight"
          variant={nextVariant}
          disabled={atLast && !pastEnd}
          onClick={onNext}
        >
          {nextLabel}
        </Button>
      )}
    </Group>
  );
}
