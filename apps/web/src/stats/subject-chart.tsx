import { BarChart } from '@mantine/charts';
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { SubjectStats } from '@qbank/shared/stats';
import { Link, useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import { ChartSection } from './chart-section';
import { statsMessages } from './messages';
import { studySessionHref } from './study-link';

const m = statsMessages.myStats;

const ratePercent = (s: SubjectStats) => (s.answered > 0 ? Math.round((s.correct / s.answered) * 1000) / 10 : 0);

/** Correct rate per subject, weakest first; each bar (and its row below) starts a session on the subject. */
export function SubjectChart({ subjects }: { subjects: SubjectStats[] }) {
  const navigate = useNavigate();
  const data = subjects.map((s) => ({ subject: s.subject_name, rate: ratePercent(s), code: s.subject_code }));
  return (
    <ChartSection id="stats-subjects-title" title={m.bySubject} hint={m.bySubjectHint}>
      <BarChart
        h={Math.max(160, data.length * 44)}
        data={data}
        dataKey="subject"
        orientation="vertical"
        yAxisProps={{ width: 96 }}
        xAxisProps={{ domain: [0, 100] }}
        series={[{ name: 'rate', label: m.subjectRate, color: 'blue.7' }]}
        valueFormatter={(value) => `${value}%`}
        withBarValueLabel
        // Room on the right for the value label of a 100 % bar.
        barChartProps={{ margin: { right: 48 } }}
        barProps={{
          cursor: 'pointer',
          onClick: (entry: { payload?: { code?: number } }) => {
            if (entry.payload?.code) void navigate(studySessionHref(entry.payload.code));
          },
        }}
        aria-hidden
      />
      <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={m.bySubject}>
        {subjects.map((s) => (
          <Group component="li" key={s.subject_code} justify="space-between" gap="xs" wrap="wrap">
            <Anchor component={Link} to={studySessionHref(s.subject_code)}>
              {`${s.subject_name} ${ratePercent(s)}%`}
              <VisuallyHidden>{` ${m.startSessionSuffix}`}</VisuallyHidden>
            </Anchor>
            <Group gap="sm">
              <Text size="sm" c="gray.7">
                {m.subjectRow(s.answered, s.correct)}
              </Text>
              <Anchor size="sm" component={Link} to={paths.subjectTests.getHref(s.subject_code)}>
                {m.subjectExams(s.subject_name)}
              </Anchor>
            </Group>
          </Group>
        ))}
      </Stack>
    </ChartSection>
  );
}
