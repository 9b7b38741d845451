import { Badge } from '@mantine/core';
import type { ProblemStatus } from '@qbank/shared/authoring';
import { messages } from './messages';

// Small pieces the authoring screens (and "my problems", see problem-content-form.tsx) share.

const a = messages.authoring;

/**
 * A wide table that scrolls sideways inside its own box on a phone (390 px) instead of
 * widening the page; the box is focusable and named so keyboard users can scroll it too.
 */

const TYPE_LABELS: Record<number, string> = { 1: a.types.multipleChoice, 2: a.types.subjective, 4: a.types.slide };

/** 객관식 / 주관식 / 슬라이드. */
export function problemTypeLabel(type: number): string {
  return TYPE_LABELS[type] ?? a.types.other;
}

/** "객관식 3번": how a slot is named in titles, buttons and banners (each type numbers from 1). */
export function problemName(type: number, no: number): string {
  return a.problemName(problemTypeLabel(type), no);
}

// Outline badges in shade 9 keep their text at WCAG AA contrast on white.
const TYPE_COLORS: Record<number, string> = { 1: 'blue.9', 2: 'grape.9', 4: 'cyan.9' };

export function TypeBadge({ type }: { type: number }) {
  return (
    <Badge variant="outline" color={TYPE_COLORS[type] ?? 'gray.8'} style={{ flexShrink: 0 }}>
      {problemTypeLabel(type)}
    </Badge>
  );
}

export function VacantBadge() {
  return (
    <Badge variant="outline" color="gray.8" style={{ flexShrink: 0 }}>
      {a.vacant}
    </Badge>
  );
}

// Filled in shade 8–9: white text stays at AA contrast.
const STATUS_COLORS: Record<ProblemStatus, string> = {
  vacant: 'gray.7',
  assigned: 'indigo.9',
  written: 'cyan.9',
  submitted: 'blue.8',
  approved: 'teal.9',
  changes_requested: 'red.9',
};

export function StatusBadge({ status }: { status: ProblemStatus }) {
  return (
    <Badge variant="filled" color={STATUS_COLORS[status]} style={{ flexShrink: 0 }}>
      {a.statuses[status]}
    </Badge>
  );
}
