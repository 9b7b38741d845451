import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { SetHeader } from '@qbank/shared/problems';
import type { ReactNode } from 'react';
import { messages } from '../messages';
import { ProblemPicture } from './problem-picture';
import { RichText } from './rich-text';
import './problems.css';

const m = messages.problems;

export const setHeaderRange = (header: SetHeader) => m.setHeaderRange(header.begin_problem_no, header.end_problem_no);

/** The common passage: its number range, text and optional picture. */
export function SetHeaderBanner({ header }: { header: SetHeader }) {
  const range = setHeaderRange(header);
  return (
    <Paper bg="blue.0" radius="md" p="md" withBorder>
      <SetHeaderLines range={range}>
        <RichText html={header.header_text} />
        <ProblemPicture path={header.pic_path} alt={m.pictures.setHeader(range)} />
      </SetHeaderLines>
    </Paper>
  );
}

/** Inside a passage's box: the 공통 지문 badge and number range, then the passage (solve mode draws it too). */
export function SetHeaderLines({ range, children }: { range: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge variant="filled" radius="sm">
          {m.setHeader}
        </Badge>
        <Text fw={700}>{range}</Text>
      </Group>
      {children}
    </Stack>
  );
}

/** A passage and the problems that share it, as one labelled region. */
export function SetHeaderGroup({ header, children }: { header: SetHeader; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" className="qbank-set-group" aria-label={`${m.setHeader} ${setHeaderRange(header)}`}>
      <SetHeaderBanner header={header} />
      {children}
    </Stack>
  );
}
