import { Alert, Paper, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api-client';
import './problems.css';

type InfoItems = ReadonlyArray<{ term: string; value: string }>;

/** Label/value pairs of an exam or a class, as a description list. */
export function InfoCard({ label, items }: { label: string; items: InfoItems }) {
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

/** The info card of an exam or a class while its query loads, fails or answers. */
export function QueryInfoCard<T>({
  query,
  failedText,
  label,
  items,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  failedText: string;
  label: string;
  items: (data: T) => InfoItems;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={failedText} role="alert">
        {errorMessage(query.error, failedText)}
      </Alert>
    );
  }
  return <InfoCard label={label} items={items(query.data)} />;
}
