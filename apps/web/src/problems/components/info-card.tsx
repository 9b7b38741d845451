import { Paper, Text } from '@mantine/core';
import './problems.css';

/** Label/value pairs of an exam or a class, as a description list. */
export function InfoCard({ label, items }: { label: string; items: ReadonlyArray<{ term: string; value: string }> }) {
  return (
    <Paper component="section" aria-label={label} withBorder radius="md" p="md">
      <dl className="qbank-info-grid">
        {items.map((item) => (
          <div key={item.term}>
            <Text component="dt" size="xs" c="gray.7">
              {item.term}
            </Text>
            <Text component="dd" fw={600}>
              {item.value}
            </Text>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
