import type { Member } from '@qbank/shared/auth';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import { NativeSelect } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useUpdateMember } from './api';
import { showFailureBanner, showSuccessBanner } from './banners';
import { calculatedGradeOf, memberLabel } from './member-format';
import { gradeMessages as g } from './grade-messages';

const GRADES = [1, 2, 3, 4] as const;

/**
 * A member's grade (kept as the graduation year) as a select an admin can change at
 * once: on the approval screen before approving, and in member management. A member without a
 * grade shows a warning sign: they are missing from assignment and retention lists.
 */
export function GradeSelect({ member, disabled = false }: { member: Member; disabled?: boolean }) {
  const update = useUpdateMember();
  const grade = calculatedGradeOf(member, currentKoreanYear());
  const value = grade.kind === 'student' ? String(grade.grade) : grade.kind === 'graduated' ? 'graduated' : '';
  const who = memberLabel(member);
  const pending = update.isPending && update.variables?.member.code === member.code;

  const options = [
    { value: '', label: g.none, disabled: value !== '' },
    ...(grade.kind === 'graduated' ? [{ value: 'graduated', label: g.graduated, disabled: true }] : []),
    ...GRADES.map((n) => ({ value: String(n), label: g.option(n) })),
  ];

  return (
    <NativeSelect
      aria-label={g.label(who)}
      data={options}
      value={value}
      disabled={disabled || pending}
      error={value === '' ? true : undefined}
      leftSection={value === '' ? <IconAlertTriangle size={16} aria-hidden /> : undefined}
      style={{ minWidth: '8.5rem' }}
      onChange={(event) => {
        const next = Number(event.currentTarget.value);
        if (!GRADES.includes(next as (typeof GRADES)[number])) return;
        update.mutate(
          { member, request: { grade: next } },
          {
            onSuccess: () => showSuccessBanner(g.saved(who, g.option(next))),
            onError: (error) => showFailureBanner(g.failed, error),
          },
        );
      }}
    />
  );
}
