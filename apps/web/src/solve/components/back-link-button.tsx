import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import '../solve.css';

/** The way out of solve mode (나가기, back to the list or the exams): a link with a left arrow. */
export function BackLinkButton({ to, iconSize, style, children }: { to: string; iconSize: number; style?: CSSProperties; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" className="qbank-solve-target" leftSection={<IconArrowLeft size={iconSize} aria-hidden />} style={style}>
      {children}
    </Button>
  );
}
