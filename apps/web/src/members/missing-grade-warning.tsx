import type { Member } from '@qbank/shared/auth';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { gradeMessages as g } from './grade-messages';
import { memberLabel } from './member-format';

/**
 * Members a grade list leaves out because they have no graduation year, by name, with the way
 * to give them one (member management; admins only, so leads see the names to report).
 */
export function MissingGradeWarning({ members, canFix = false }: { members: readonly Member[]; canFix?: boolean }) {
  if (members.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="missing-grade-warning">
      <Text size="sm" c="dark.9">
        {g.missingList(members.map(memberLabel).join(', '))}
      </Text>
      {canFix && (
        <Anchor component={Link} to={paths.dashboard.admin.members.getHref()} size="sm" fw={600}>
          {g.fixInMembers}
        </Anchor>
      )}
    </Alert>
  );
}
