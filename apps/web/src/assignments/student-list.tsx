import { Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { Member } from '@qbank/shared/auth';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import type { Role } from '@qbank/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLoginSession } from '../lib/login-session';
import { ALL_MEMBERS, memberListQueryOptions } from '../members/api';
import { byName, calculatedGradeOf } from '../members/member-format';
import { MissingGradeWarning } from '../members/missing-grade-warning';
import { messages } from './messages';

const m = messages.assign;
/** Who problems are assigned to: admins without a graduation year are staff, not missing students. */
const STUDYING: ReadonlySet<Role> = new Set<Role>(['student', 'lead']);

/**
 * Approved members the grade lists leave out because they have no graduation year (issue 12
 * item 3): named beside the grade list so the lead knows whom no grade reaches; an admin gets
 * the link to member management, where the grade is set.
 */
export function UngradedMembers() {
  const session = useLoginSession();
  // The retention screen's query (same key): one read serves both screens.
  const list = useQuery(memberListQueryOptions({ ...ALL_MEMBERS, validated: 1 }));
  const year = currentKoreanYear();
  const missing = useMemo(
    () => (list.data?.members ?? []).filter((member) => STUDYING.has(member.role) && calculatedGradeOf(member, year).kind === 'unknown').sort(byName),
    [list.data, year],
  );
  const role = session.user?.role;
  return <MissingGradeWarning members={missing} canFix={role === 'admin' || role === 'superadmin'} />;
}

/** The target grade's students in Korean name order, each with its load and an assign button. */
export function StudentList({
  grade,
  roster,
  maxHeight,
  loadOf,
  onAssign,
}: {
  grade: number;
  roster: readonly Member[];
  maxHeight: number;
  loadOf: (code: number) => number;
  onAssign: (student: Member) => void;
}) {
  return (
    <>
      <Text size="sm" c="gray.7">
        {m.studentsCount(roster.length)} · {m.studentsHint}
      </Text>
      <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.studentsList(grade)}>
          {roster.map((student, index) => (
            <Paper component="li" key={student.code} withBorder radius="sm" px="sm" py={6}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={700} w={28} ta="right" style={{ flexShrink: 0 }}>
                  {index + 1}
                </Text>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {student.name}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {student.id}
                  </Text>
                </Stack>
                <Text size="sm" c="gray.7" style={{ flexShrink: 0 }}>
                  {m.studentLoad(loadOf(student.code))}
                </Text>
                <Button size="xs" variant="light" aria-label={m.assignTo(student.name)} onClick={() => onAssign(student)} style={{ flexShrink: 0 }}>
                  {m.assignButton}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}
