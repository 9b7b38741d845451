import { Alert, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type Box } from '@qbank/shared/boxes';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageLoader } from '../components/page-loader';
import { messages } from './messages';
import { NotesSearch } from '../notes/notes-search';
import { useBoxes, type BoxProblemFilters } from './api';
import { BoxesPanel, DeleteBoxModal } from './boxes-panel';
import { BoxProblemsPanel } from './box-problems-panel';
import { b, failure, positiveInt } from './library-shared';

/** The chosen box and the filters live in the URL (docs/decisions/018-reading-screen-state.md): back and reload keep them. */
function useLibraryParams() {
  const [params, setParams] = useSearchParams();
  const boxId = positiveInt(params.get('box')) ?? null;
  const typeRaw = positiveInt(params.get('type'));
  const filters: BoxProblemFilters = {
    subject_code: positiveInt(params.get('subject')),
    year: positiveInt(params.get('year')),
    type: typeRaw === 1 || typeRaw === 2 || typeRaw === 4 ? typeRaw : undefined,
    q: params.get('q')?.trim() || undefined,
  };
  function update(next: { box?: number | null; filters?: BoxProblemFilters }) {
    const out = new URLSearchParams();
    const box = next.box === undefined ? boxId : next.box;
    const f = next.filters ?? filters;
    if (box !== null) out.set('box', String(box));
    if (f.subject_code) out.set('subject', String(f.subject_code));
    if (f.year) out.set('year', String(f.year));
    if (f.type) out.set('type', String(f.type));
    if (f.q?.trim()) out.set('q', f.q.trim());
    setParams(out, { replace: true });
  }
  return { boxId, filters, update };
}

/** /dashboard/library — the member's boxes, the problems in the chosen one, and a problem's details. */
/** `top`: what the dashboard shows above the boxes (the review-due card, composed by the router). */
export function LibraryPage({ top }: { top?: ReactNode }) {
  useDocumentTitle(messages.app.pageTitle(messages.titles.library));
  const boxes = useBoxes();
  const { boxId, filters, update } = useLibraryParams();
  const [deleting, setDeleting] = useState<Box | null>(null);

  const list = boxes.data ?? [];
  const selected = list.find((box) => box.code === boxId) ?? list[0] ?? null;

  return (
    <Stack gap="md">
      <Title order={1}>{messages.titles.library}</Title>
      {top}
      {boxes.isPending ? (
        <PageLoader />
      ) : boxes.isError ? (
        <Alert color="red" title={b.loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure(boxes.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void boxes.refetch()}>
              {b.retry}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Grid gutter="md" align="flex-start">
          {/* Side by side only where the table keeps its columns whole (issue 12 item 5). */}
          <Grid.Col span={{ base: 12, xl: 4 }}>
            <BoxesPanel
              boxes={list}
              selected={selected}
              onSelect={(box) => update({ box: box.code, filters: {} })}
              onDelete={setDeleting}
              onCreated={(box) => update({ box: box.code, filters: {} })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 8 }}>
            {selected ? (
              <BoxProblemsPanel key={selected.code} box={selected} filters={filters} onFilters={(next) => update({ box: selected.code, filters: next })} />
            ) : (
              <EmptyState>{b.noBoxes}</EmptyState>
            )}
          </Grid.Col>
        </Grid>
      )}
      <NotesSearch />
      <DeleteBoxModal
        box={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(box) => {
          setDeleting(null);
          if (selected?.code === box.code) update({ box: null, filters: {} });
        }}
      />
    </Stack>
  );
}
