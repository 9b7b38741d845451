import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Item, ItemAnalysis } from '@qbank/shared/stats';
import { IconArrowLeft, IconDownload, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { KeyConflictNote } from '../components/key-conflict-note';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { FeltDifficulty } from '../ratings/rating-panel';
import { downloadItemAnalysis, useItemAnalysis } from './api';
import { statsMessages } from './messages';

const m = statsMessages.analysis;
const pct = (value: number | null) => (value === null ? statsMessages.dash : statsMessages.percent(value));
const fixed = (value: number | null) => (value === null ? statsMessages.dash : value.toFixed(2));

const flagCount = (item: Item) => item.flags.length + (item.key_conflict.length > 0 ? 1 : 0);

type SortKey = keyof typeof m.sortBy;
const SORTS: Record<SortKey, (a: Item, b: Item) => number> = {
  no: (a, b) => a.no - b.no,
  difficulty: (a, b) => (b.difficulty ?? -1) - (a.difficulty ?? -1) || a.no - b.no,
  difficultyAsc: (a, b) => (a.difficulty ?? 2) - (b.difficulty ?? 2) || a.no - b.no,
  discrimination: (a, b) => (a.discrimination ?? 2) - (b.discrimination ?? 2) || a.no - b.no,
  flags: (a, b) => flagCount(b) - flagCount(a) || a.no - b.no,
};

/** /dashboard/lead/tests/:testCode/analysis — classical item analysis of an exam, for leads. */
export function ItemAnalysisPage() {
  const testCode = Number(useParams().testCode);
  if (!Number.isInteger(testCode) || testCode <= 0) return <NotFoundPage />;
  return <ItemAnalysisScreen testCode={testCode} />;
}

function ItemAnalysisScreen({ testCode }: { testCode: number }) {
  const analysis = useItemAnalysis(testCode);
  useDocumentTitle(`${analysis.data ? m.title(analysis.data.test_name) : m.button} · qbank`);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.lead.tests.getHref()} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {m.back}
        </Group>
      </Anchor>
      {analysis.isPending ? (
        <PageLoader />
      ) : analysis.isError ? (
        <Alert color="red" role="alert" title={m.loadFailed}>
          {errorMessage(analysis.error, m.loadFailed)}
        </Alert>
      ) : (
        <AnalysisBody analysis={analysis.data} />
      )}
    </Stack>
  );
}

function AnalysisBody({ analysis }: { analysis: ItemAnalysis }) {
  const [sort, setSort] = useState<SortKey>('no');
  const [downloading, setDownloading] = useState(false);
  const items = useMemo(() => [...analysis.items].sort(SORTS[sort]), [analysis.items, sort]);
  const enough = analysis.upper_size > 0;

  async function download() {
    setDownloading(true);
    try {
      const name = await downloadItemAnalysis(analysis.test_code);
      notifications.show({ color: 'teal', message: m.downloaded(name) });
    } catch (error) {
      notifications.show({ color: 'red', title: m.downloadFailed, message: errorMessage(error, m.downloadFailed) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {m.title(analysis.test_name)}
          </Title>
          <Text size="sm" c="gray.7">
            {m.intro}
          </Text>
        </div>
        <Button leftSection={<IconDownload size={18} aria-hidden />} loading={downloading} onClick={() => void download()}>
          {m.download}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label={m.members} value={String(analysis.members)} />
        <Figure label={m.groups} value={enough ? m.groupSizes(analysis.upper_size, analysis.lower_size) : statsMessages.dash} />
        <Figure label={m.kr20} value={analysis.kr20 === null ? statsMessages.dash : analysis.kr20.toFixed(3)} />
      </SimpleGrid>
      {!enough && <Alert color="gray">{m.tooFew(analysis.min_members, analysis.members)}</Alert>}
      {items.length === 0 ? (
        <Alert color="gray">{m.noItems}</Alert>
      ) : (
        <Stack gap="sm">
          <NativeSelect
            label={m.sort}
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value as SortKey)}
            data={Object.entries(m.sortBy).map(([value, label]) => ({ value, label }))}
            w={200}
          />
          <ItemTable items={items} testCode={analysis.test_code} />
        </Stack>
      )}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Paper>
  );
}

function Flags({ item }: { item: Item }) {
  if (item.flags.length === 0 && item.key_conflict.length === 0) return <Text size="sm">{m.noFlags}</Text>;
  return (
    <Stack gap={6}>
      {item.flags.length > 0 && (
        <Group gap={4}>
          {item.flags.map((flag) => (
            <Tooltip key={flag} label={m.flagHelp[flag]} multiline w={220}>
              <Badge color={flag === 'probably_miskeyed' ? 'red.9' : 'gray.8'} variant={flag === 'probably_miskeyed' ? 'filled' : 'outline'} radius="sm">
                {m.flags[flag]}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      )}
      <KeyConflictNote versions={item.key_conflict} />
    </Stack>
  );
}

function OptionRates({ item }: { item: Item }) {
  return (
    <Stack gap={0}>
      {item.options.map((option) => (
        <Text key={option.option} size="sm" fw={option.is_key ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
          {m.optionRates(option.option, pct(option.rate), pct(option.upper_rate), pct(option.lower_rate))}
          {option.is_key ? ` (${m.key})` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function EditLink({ item, testCode }: { item: Item; testCode: number }) {
  return (
    <Button
      component={Link}
      to={paths.dashboard.lead.testProblem.getHref(testCode, item.uid)}
      size="xs"
      variant={item.flags.includes('probably_miskeyed') ? 'filled' : 'default'}
      color={item.flags.includes('probably_miskeyed') ? 'red.9' : undefined}
      leftSection={<IconPencil size={14} aria-hidden />}
      aria-label={m.editProblem(item.no)}
    >
      {m.columns.edit}
    </Button>
  );
}

function ItemTable({ items, testCode }: { items: Item[]; testCode: number }) {
  const compact = useCompactLayout();
  const c = m.columns;
  if (compact) {
    return (
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={m.button}>
        {items.map((item) => (
          <Paper component="li" key={item.uid} withBorder radius="md" p="sm" data-testid="analysis-item">
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={700}>{`${item.no}${c.no}`}</Text>
                <EditLink item={item} testCode={testCode} />
              </Group>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{`${c.difficulty} ${pct(item.difficulty)} · ${c.discrimination} ${fixed(item.discrimination)}`}</Text>
                <FeltDifficulty problemUid={item.uid} />
              </Group>
              <OptionRates item={item} />
              <Flags item={item} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.no}</Table.Th>
            <Table.Th>{c.difficulty}</Table.Th>
            <Table.Th>{c.discrimination}</Table.Th>
            <Table.Th>{c.options}</Table.Th>
            <Table.Th>{c.flags}</Table.Th>
            <Table.Th>{c.edit}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.uid} data-testid="analysis-item">
              <Table.Td>{item.no}</Table.Td>
              <Table.Td>
                {/* The measured correct rate, and beside it what the members felt (decision 167). */}
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{pct(item.difficulty)}</Text>
                  <FeltDifficulty problemUid={item.uid} />
                </Stack>
              </Table.Td>
              <Table.Td>{fixed(item.discrimination)}</Table.Td>
              <Table.Td>
                <OptionRates item={item} />
              </Table.Td>
              <Table.Td>
                <Flags item={item} />
              </Table.Td>
              <Table.Td>
                <EditLink item={item} testCode={testCode} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
