import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

/** The small red "삭제" button of the authoring screens; label names what it deletes for screen readers. */
export function TrashButton({ label, onClick, style, children }: { label?: string; onClick: () => void; style?: CSSProperties; children: ReactNode }) {
  return (
    <Button size="xs" variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onClick} aria-label={label} style={style}>
      {children}
    </Button>
  );
}
