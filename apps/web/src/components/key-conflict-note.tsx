import { Anchor, Box, Stack, Text } from '@mantine/core';
import type { KeyConflictVersion } from '@qbank/shared/lineage';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { keyConflictMessages as m } from './key-conflict-messages';

/**
 * The flag a lead sees on a problem whose `same` versions in other years are keyed to other answers
 * (the dispute queue and the item analysis), with a link to each version in its exam.
 */
export function KeyConflictNote({ versions }: { versions: readonly KeyConflictVersion[] }) {
  if (versions.length === 0) return null;
  return (
    <Box
      role="note"
      aria-label={m.title}
      // The scheme's own light orange under the default text colour: orange text on a light
      // orange fell short of 4.5:1 (axe), and a fixed light background lost the dark theme's text.
      bg="var(--mantine-color-orange-light)"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)', borderLeft: '3px solid var(--mantine-color-orange-8)' }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={700} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
          <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-8)" />
          {m.title}
        </Text>
        <Stack component="ul" gap={2} aria-label={m.versions} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {versions.map((version) => (
            <li key={version.uid}>
              <Anchor component={Link} to={`${paths.testProblems.getHref(version.test_code)}?view=all`} state={{ highlightUid: version.uid }} size="sm">
                {m.version(version.year, version.test_name, version.no, version.answer)}
              </Anchor>
            </li>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
