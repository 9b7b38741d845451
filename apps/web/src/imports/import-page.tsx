import { Alert, Button, FileInput, Group, List, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IMPORT_FILE_MAX_BYTES, IMPORT_PASTE_FILE_NAME, importRowError, type ImportPreviewResponse } from '@qbank/shared/imports';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { leadProblemsQueryOptions } from '../authoring/api';
import { PageHeader } from '../components/page-header';
import { BackLink } from '../components/back-link';
import { showFailure, showSuccess } from '../components/toasts';
import { errorMessage } from '../lib/api-client';
import { parsePositiveId } from '../lib/parse-positive-id';
import { EmptyState } from '../components/empty-state';
import { paths } from '../lib/paths';
import { downloadImportTemplate, previewImport, useRunImport } from './api';
import { FileDropZone } from './file-drop-zone';
import { ImportRow, type ImportRowState } from './import-row';
import { importMessages as m } from './messages';

// The extensions the server reads (apps/server/src/imports/service.ts), offered by the picker and
// taken by the drop zone alike.
const EXTENSIONS = ['.hwp', '.hwpx', '.pdf', '.docx', '.xlsx', '.csv', '.txt'] as const;
const ACCEPT =
  EXTENSIONS.join(',') +
  ',application/x-hwp,application/haansofthwp,application/vnd.hancom.hwpx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,text/plain';

function TemplateLinks() {
  const download = (format: 'xlsx' | 'csv') => {
    downloadImportTemplate(format).catch((error: unknown) => showFailure(m.templateFailed, error));
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={500}>
        {m.template}
      </Text>
      <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => download('xlsx')}>
        {m.templateXlsx}
      </Button>
      <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => download('csv')}>
        {m.templateCsv}
      </Button>
    </Group>
  );
}

/** /dashboard/lead/tests/{testCode}/import: upload, preview with per-row edit/exclude, import in one go. */
export function ImportPage() {
  const testCode = parsePositiveId(useParams().testCode);
  const navigate = useNavigate();
  const exam = useQuery({ ...leadProblemsQueryOptions(testCode ?? 0), enabled: testCode !== null });
  const runImport = useRunImport(testCode ?? 0);
  const [file, setFile] = useState<File | null>(null);
  // Pasted text goes through the same upload as a file (a UTF-8 .txt part), so the same preview.
  const [pasted, setPasted] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [rows, setRows] = useState<ImportRowState[]>([]);
  const [error, setError] = useState<string | null>(null);
  // A file the server could not read: said on the page, beside the file, until another is tried
  // (a toast alone went away before the lead had read why).
  const [previewError, setPreviewError] = useState<string | null>(null);

  const problemsHref = testCode ? paths.dashboard.lead.testProblems.getHref(testCode) : paths.dashboard.lead.tests.getHref();
  const back = <BackLink to={problemsHref}>{m.back}</BackLink>;
  if (testCode === null) {
    return (
      <Stack gap="md">
        <PageHeader title={m.title} before={back} />
        <EmptyState>{m.testNotFound}</EmptyState>
      </Stack>
    );
  }

  // Chosen in the picker or dropped on the upload area: the same state, so the same preview.
  const chooseFile = (next: File | null) => {
    setFile(next);
    setPreviewError(null);
  };
  const source = file ?? (pasted.trim() ? new File([pasted], IMPORT_PASTE_FILE_NAME, { type: 'text/plain;charset=utf-8' }) : null);
  const previewOf = (source: File) => {
    setPreviewing(true);
    setError(null);
    setPreviewError(null);
    previewImport(testCode, source)
      .then((result) => {
        setPreview(result);
        // A number already written (or holding this very problem) is left out until the lead says otherwise.
        setRows(result.problems.map((problem, key) => ({ key, included: problem.slot !== 'taken' && problem.slot !== 'same', problem })));
      })
      .catch((failure: unknown) => setPreviewError(errorMessage(failure, m.previewFailed)))
      .finally(() => setPreviewing(false));
  };
  const startPreview = () => {
    if (source) previewOf(source);
  };
  // A file dropped on the page is the lead's whole gesture: its preview starts at once.
  const dropFile = (dropped: File) => {
    chooseFile(dropped);
    previewOf(dropped);
  };

  const included = rows.filter((row) => row.included);
  const submit = () => {
    if (!preview) return;
    if (included.length === 0) return setError(m.nothingIncluded);
    if (included.some((row) => row.problem.slot === 'taken')) return setError(m.takenIncluded);
    if (included.some((row) => importRowError(row.problem) !== null)) return setError(m.errorsIncluded);
    setError(null);
    const problems = included.map(({ problem: { slot: _slot, warnings: _warnings, errors: _errors, source_type: _type, ...problem } }) => problem);
    runImport.mutate(
      { problems, set_headers: preview.set_headers },
      {
        onSuccess: (result) => {
          showSuccess(m.imported(result.created, result.filled, result.skipped));
          void navigate(problemsHref);
        },
        onError: (failure) => showFailure(m.importFailed, failure),
      },
    );
  };
  const reset = () => {
    setPreview(null);
    setRows([]);
    setFile(null);
    setPasted('');
    setError(null);
  };

  return (
    <Stack gap="md">
      <PageHeader title={m.title} before={back} intro={exam.data?.test ? m.intro(exam.data.test.test_name) : undefined} />
      {!preview ? (
        <FileDropZone extensions={EXTENSIONS} onFile={dropFile} onReject={setPreviewError}>
          <Stack gap="sm">
            <FileInput
              label={m.fileLabel}
              placeholder={m.filePlaceholder}
              accept={ACCEPT}
              value={file}
              onChange={chooseFile}
              clearable
              description={`${m.dropHint} ${m.fileHelp}`}
              error={file && file.size > IMPORT_FILE_MAX_BYTES ? m.fileTooLarge : undefined}
            />
            <Textarea
              label={m.pasteLabel}
              placeholder={m.pastePlaceholder}
              description={m.pasteHelp}
              value={pasted}
              onChange={(event) => {
                setPasted(event.currentTarget.value);
                setPreviewError(null);
              }}
              disabled={file !== null}
              autosize
              minRows={4}
              maxRows={12}
              data-testid="import-paste"
            />
            {previewError && (
              <Alert color="red" variant="light" title={m.previewFailed} role="alert" data-testid="import-preview-error">
                <Text size="sm" c="dark.9" style={{ overflowWrap: 'anywhere' }}>
                  {previewError}
                </Text>
              </Alert>
            )}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <TemplateLinks />
              <Button
                leftSection={<IconFileImport size={18} aria-hidden />}
                onClick={startPreview}
                loading={previewing}
                disabled={!source || source.size > IMPORT_FILE_MAX_BYTES}
              >
                {m.preview}
              </Button>
            </Group>
          </Stack>
        </FileDropZone>
      ) : (
        <Stack gap="sm">
          {preview.warnings.length > 0 && (
            <Alert color="orange" title={m.fileWarnings}>
              <List size="sm">
                {preview.warnings.map((warning) => (
                  <List.Item key={warning}>{warning}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {preview.set_headers.map((header) => (
            <Paper key={header.begin_problem_no} withBorder p="sm" radius="md" bg="gray.0">
              <Text size="sm" fw={600}>
                {m.setHeaders} {m.setHeaderRange(header.begin_problem_no, header.end_problem_no)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {header.header_text}
              </Text>
            </Paper>
          ))}
          <Text size="sm" aria-live="polite">
            {m.rows(rows.length, included.length)}
          </Text>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <ImportRow key={row.key} row={row} onChange={(next) => setRows((all) => all.map((r) => (r.key === next.key ? next : r)))} />
            ))}
          </Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Button variant="default" onClick={reset} disabled={runImport.isPending}>
              {m.reset}
            </Button>
            <Button onClick={submit} loading={runImport.isPending} disabled={included.length === 0}>
              {m.submit(included.length)}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
