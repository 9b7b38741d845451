import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { ACTIVITY_DAYS, shiftDay, type DayStats } from '@qbank/shared/stats';
import { ChartSection } from './chart-section';
import { statsMessages } from './messages';

const m = statsMessages.myStats;

/** Every day of the last 12 weeks (Asia/Seoul, as the server counts them), empty days as 0. */
export function activityDays(days: DayStats[], today: string) {
  const byDate = new Map(days.map((day) => [day.date, day]));
  return Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
    const date = shiftDay(today, i - (ACTIVITY_DAYS - 1));
    return { date: date.slice(5).replace('-', '/'), answered: byDate.get(date)?.answered ?? 0 };
  });
}

/** Answers per day over the last 12 weeks. */
export function ActivityChart({ days, today }: { days: DayStats[]; today: string }) {
  const data = activityDays(days, today);
  const total = days.reduce((sum, day) => sum + day.answered, 0);
  return (
    <ChartSection id="stats-activity-title" title={m.activity} hint={m.activityHint}>
      <Text size="sm">{m.activitySummary(days.filter((day) => day.answered > 0).length, total)}</Text>
      <BarChart
        h={180}
        data={data}
        dataKey="date"
        series={[{ name: 'answered', label: m.activityAnswers, color: 'teal.7' }]}
        xAxisProps={{ interval: 13 }}
        gridAxis="y"
        aria-hidden
      />
    </ChartSection>
  );
}
