import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import '../answering.css';

/** The way out of an answering screen (나가기, back to the list, the exams or home): a link with a left arrow. */
export function BackLinkButton({ to, iconSize, style, children }: { to: string; iconSize: number; style?: CSSProperties; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" className="qbank-solve-target" leftSection={<IconArrowLeft size={iconSize} aria-hidden />} style={style}>
      {children}
    </Button>
  );
}
