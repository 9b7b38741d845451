import { Button, Loader, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPORT_MODE_KEYS, EXPORT_MODES, type ExportFormat, type ExportMode } from '@qbank/shared/export';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import { messages } from '../messages';

const m = messages.problems;
const d = messages.exportDownload;
const FORMAT: ExportFormat = 'docx';

/**
 * The exam's word-file export menu (packages/shared/src/export.ts, decision 019); each item downloads the .docx for one mode. The
 * library uses the same menu for a box (GET /v1/box/{id}/export, issue 16).
 */
export function ExportMenu({ testCode, boxCode }: { testCode: number; boxCode?: undefined } | { testCode?: undefined; boxCode: number }) {
  const [base, stem] = boxCode !== undefined ? [`/v1/box/${boxCode}/export`, `box-${boxCode}`] : [`/v1/test/${testCode}/export`, `exam-${testCode}`];
  const [busy, setBusy] = useState<ExportMode | null>(null);
  const [emphasis] = useNegationEmphasis();

  async function download(mode: ExportMode) {
    setBusy(mode);
    try {
      const query = new URLSearchParams({ format: FORMAT, mode, emphasis: emphasis ? '1' : '0' });
      await downloadFile(`${base}?${query.toString()}`, `${stem}-${mode}.${FORMAT}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: d.failed(d.formats[FORMAT], errorMessage(error, error instanceof Error ? error.message : d.unknownError)),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    // No focus placeholder: it is a bare div inside role="menu", which axe rejects (aria-required-children).
    <Menu position="bottom-end" shadow="md" width={220} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          disabled={busy !== null}
          aria-busy={busy !== null}
          leftSection={busy ? <Loader size={16} aria-hidden /> : <IconFileExport size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {busy ? d.downloading : m.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{m.exportMenuLabel}</Menu.Label>
        {EXPORT_MODE_KEYS.map((mode) => (
          <Menu.Item key={mode} onClick={() => void download(mode)}>
            {EXPORT_MODES[mode]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
