import { Button } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { answeringMessages as m } from '../messages';
import '../answering.css';

/** 박스에 담기 on an answering screen's problem card: opens the dialog that files the problem into the member's boxes. */
export function AddToBoxButton({ onClick, style }: { onClick: () => void; style?: CSSProperties }) {
  return (
    <Button
      variant="default"
      className="qbank-solve-target"
      aria-haspopup="dialog"
      style={style}
      leftSection={<IconFolderPlus size={18} aria-hidden />}
      onClick={onClick}
    >
      {m.addToBox}
    </Button>
  );
}
