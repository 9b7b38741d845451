import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { PageHeader } from '../components/page-header';
import { showFailure, showSuccess } from '../components/toasts';
import { THEMES, TYPE_SIZES, type Settings } from '@qbank/shared/settings';
import { useSaveSettings } from './api';
import { useLook } from './look';
import { messages as m } from './messages';

/** One setting of the look: its label, the choices side by side, and an optional hint below. */
function LookChoice({
  id,
  label,
  value,
  onChange,
  data,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
  hint?: string;
}) {
  return (
    <Stack gap={6}>
      <Text component="label" id={id} fw={600}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} fullWidth value={value} onChange={onChange} data={data} />
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** 화면 설정: 라이트 / 다크 / 시스템 and three type sizes, kept on the server (decision 166). */
export function LookPage() {
  const look = useLook();
  const save = useSaveSettings();
  const change = (next: Settings) =>
    save.mutate(next, {
      onSuccess: () => showSuccess(m.saved),
      onError: (error) => showFailure(m.saveFailed, error),
    });
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title={m.title} intro={m.intro} />
      <LookChoice
        id="look-theme"
        label={m.theme}
        value={look.theme}
        onChange={(value) => change({ theme: value as Settings['theme'], type_size: look.type_size })}
        data={THEMES.map((theme) => ({ value: theme, label: m.themes[theme] }))}
        hint={m.systemHint}
      />
      <LookChoice
        id="look-size"
        label={m.typeSize}
        value={look.type_size}
        onChange={(value) => change({ theme: look.theme, type_size: value as Settings['type_size'] })}
        data={TYPE_SIZES.map((size) => ({ value: size, label: m.typeSizes[size] }))}
      />
      <Paper withBorder p="md">
        <Text>{m.preview}</Text>
      </Paper>
    </Stack>
  );
}
