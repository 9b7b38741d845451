import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMemoryModel } from './api';
import { examDateMessages } from './messages';

const m = examDateMessages.memoryModel;

/** The stats page's report: how well the member's fitted FSRS model predicts their own recalls. */
export function MemoryModelCard() {
  const model = useMemoryModel();
  if (!model.data) return null;
  const { fitted } = model.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="memory-model-title" data-testid="memory-model-card">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="memory-model-title">
          {m.title}
        </Title>
        {fitted === null ? (
          <Text size="sm" c="gray.8">
            {m.notYet(model.data.min_reviews)}
          </Text>
        ) : (
          <>
            <Text size="sm" c="gray.8">
              {m.intro(fitted.review_count)}
            </Text>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.metric}</Table.Th>
                  <Table.Th ta="right">{m.fitted}</Table.Th>
                  <Table.Th ta="right">{m.defaults}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{m.logLoss}</Table.Td>
                  <Table.Td ta="right">{fitted.log_loss_fitted.toFixed(3)}</Table.Td>
                  <Table.Td ta="right">{fitted.log_loss_default.toFixed(3)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>{m.rmse}</Table.Td>
                  <Table.Td ta="right">{fitted.rmse_fitted.toFixed(3)}</Table.Td>
                  <Table.Td ta="right">{fitted.rmse_default.toFixed(3)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="xs" c="gray.7">
              {m.fittedAt(fitted.fitted_at)}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
