import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { submitProblemRequestSchema } from '@qbank/shared/authoring';
import { type ProblemDetail } from '@qbank/shared/lead-problems';
import { type MySlot } from '@qbank/shared/my-problems';
import { validationMessages } from '@qbank/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { changedContent, contentValuesOf, questionWritten, type ContentFormValues } from './problem-content';
import { contentErrorsOf, contentFieldsOf, ProblemContentForm, type ContentFormErrors } from './problem-content-form';
import { problemName, TypeBadge } from './ui';
import { ErrorAlert, LoadFailed, Loading } from '../components/load-state';
import { PageHeader } from '../components/page-header';
import { ScrollTable, TableHead } from '../components/scroll-table';
import { showSuccess, showInfo } from '../components/toasts';
import { SubmissionReviewNote } from './submission-review-note';
import { EmptyState } from '../components/empty-state';
import { isApiRequestError } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { useCompactLayout } from '../lib/use-compact-layout';
import { messages } from './messages';
import { mySlotsQueryOptions, problemDetailQueryOptions, useSubmitSlot, type MySlotFilters } from './api';
import { parsePositiveId } from '../lib/parse-positive-id';
import { StackedForm } from './stacked-form';
import { useStartFromSimilar } from './start-from-similar';
import { FormActions } from '../components/form-actions';

const m = messages.myProblems;

function useMyParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: MySlotFilters = { year: parsePositiveId(searchParams.get('year')), subject: parsePositiveId(searchParams.get('subject')) };
  const slot = parsePositiveId(searchParams.get('slot'));
  const update = (next: Partial<MySlotFilters> & { slot?: number | null }) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null || value === undefined) params.delete(key);
          else params.set(key, String(value));
        }
        return params;
      },
      // Opening a slot's form scrolls to the form (SlotEditor), not to the page's top.
      { replace: true, preventScrollReset: true },
    );
  return { filters, slot, update };
}

function CountCards({ counts }: { counts: { total: number; completed: number; incomplete: number } | undefined }) {
  const items = [
    [m.total, counts?.total],
    [m.completed, counts?.completed],
    [m.incomplete, counts?.incomplete],
  ] as const;
  return (
    <section aria-label={m.counts}>
      <SimpleGrid component="dl" cols={3} spacing="sm" m={0}>
        {items.map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm">
            <Text component="dt" size="sm" c="gray.7">
              {label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {value === undefined ? '—' : m.countValue(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

const validateSubmit = zodResolver<unknown>(submitProblemRequestSchema);

/**
 * Decision 023: a slot is complete once its question is written (text, an image or a question picture);
 * the rest is the request's own schema, its `content.` messages put on the fields.
 */
function slotErrors(initial: ContentFormValues, values: ContentFormValues): ContentFormErrors {
  if (!questionWritten(values)) return { question: messages.authoring.content.questionRequired };
  return contentErrorsOf(validateSubmit({ content: changedContent(initial, values) }));
}

function SlotForm({ slot, problem, onClose }: { slot: MySlot; problem: ProblemDetail; onClose: () => void }) {
  const [initial] = useState<ContentFormValues>(() => contentValuesOf(problem));
  const form = useForm<ContentFormValues>({ initialValues: initial, validate: (values) => slotErrors(initial, values) });
  const submit = useSubmitSlot(slot.uid);
  const similar = useStartFromSimilar(form, problem);

  const save = form.onSubmit((values) => {
    const content = changedContent(initial, values);
    if (Object.keys(content).length === 0 && problem.is_vacant === 0) {
      showInfo(validationMessages.problemNoChanges);
      return;
    }
    submit.mutate(similar.startedFrom === undefined ? { content } : { content, started_from: similar.startedFrom }, {
      onSuccess: () => {
        showSuccess(m.saved);
        onClose();
      },
      onError: (error) => form.setErrors(contentErrorsOf(isApiRequestError(error) ? error.fields : undefined)),
    });
  });

  return (
    <StackedForm onSubmit={save}>
      {submit.isError && <ErrorAlert title={m.failed} error={submit.error} />}
      <ProblemContentForm key={similar.formKey} type={problem.type} {...contentFieldsOf(form)} afterQuestion={similar.panel} />
      <FormActions cancelLabel={m.close} submitLabel={m.save} onCancel={onClose} pending={submit.isPending} />
    </StackedForm>
  );
}

function SlotEditor({ slot, onClose }: { slot: MySlot; onClose: () => void }) {
  const detail = useQuery(problemDetailQueryOptions(slot.uid));
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [slot.uid]);
  const name = problemName(slot.type, slot.no);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="slot-form-title" ref={ref} tabIndex={-1}>
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2} size="h4" id="slot-form-title">
            {m.formTitle(slot.test_name, name)}
          </Title>
          <TypeBadge type={slot.type} />
        </Group>
        {detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <LoadFailed text={m.problemLoadFailed} error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <SlotForm key={slot.uid} slot={slot} problem={detail.data} onClose={onClose} />
        )}
      </Stack>
    </Paper>
  );
}

function SlotButton({ slot, onOpen }: { slot: MySlot; onOpen: () => void }) {
  const done = slot.is_vacant === 0;
  const name = problemName(slot.type, slot.no);
  return (
    <Button
      size="xs"
      variant={done ? 'default' : 'filled'}
      onClick={onOpen}
      aria-label={done ? m.editLabel(slot.test_name, name) : m.registerLabel(slot.test_name, name)}
      style={{ flexShrink: 0 }}
    >
      {done ? m.edit : m.register}
    </Button>
  );
}

function SlotStatus({ slot }: { slot: MySlot }) {
  const done = slot.is_vacant === 0;
  return (
    <>
      <Text span size="sm" fw={600} c={done ? 'teal.9' : 'red.9'}>
        {done ? m.done : m.todo}
      </Text>{' '}
      <SubmissionReviewNote slot={slot} />
    </>
  );
}

/** The assigned slots: a table, or on a phone one card each (the button would hide off to the right). */
function SlotList({ slots, selected, compact, onOpen }: { slots: MySlot[]; selected: number | null; compact: boolean; onOpen: (uid: number) => void }) {
  if (compact) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.table}>
        {slots.map((slot) => (
          <Paper component="li" key={slot.uid} withBorder radius="md" p="sm" aria-current={slot.uid === selected ? 'true' : undefined}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {slot.test_name}
                </Text>
                <Text size="xs" c="gray.7">
                  {`${m.year(slot.year)} · ${slot.subject_name}`}
                </Text>
                <Group gap={6}>
                  <Text span size="sm" fw={600}>
                    {m.number(slot.no)}
                  </Text>
                  <TypeBadge type={slot.type} />
                  <SlotStatus slot={slot} />
                </Group>
              </Stack>
              <SlotButton slot={slot} onOpen={() => onOpen(slot.uid)} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable label={m.table} minWidth={640}>
      <TableHead columns={[m.columns.exam, m.columns.no, m.columns.type, m.columns.status, m.columns.action]} />
      <Table.Tbody>
        {slots.map((slot) => (
          <Table.Tr key={slot.uid} aria-current={slot.uid === selected ? 'true' : undefined}>
            <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
              <Text inherit fw={600}>
                {slot.test_name}
              </Text>
              <Text size="xs" c="gray.7">
                {`${m.year(slot.year)} · ${slot.subject_name}`}
              </Text>
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.number(slot.no)}</Table.Td>
            <Table.Td>
              <TypeBadge type={slot.type} />
            </Table.Td>
            <Table.Td>
              <SlotStatus slot={slot} />
            </Table.Td>
            <Table.Td>
              <SlotButton slot={slot} onOpen={() => onOpen(slot.uid)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** A student's assigned problems (decision 029): counts, filters, the list, and the content form of one slot. */
export function MyProblemsPage() {
  const { filters, slot: slotUid, update } = useMyParams();
  const all = useQuery(mySlotsQueryOptions({ year: null, subject: null }));
  const list = useQuery(mySlotsQueryOptions(filters));
  const filtering = filters.year !== null || filters.subject !== null;
  const compact = useCompactLayout();

  // The filter choices come from the whole list, so a filter never hides the others' options.
  const slots = all.data?.problems ?? [];
  const years = [...new Set(slots.map((s) => s.year))].sort((a, b) => b - a);
  const subjects = [...new Map(slots.map((s) => [s.subject_code, s.subject_name])).entries()].sort((a, b) => a[1].localeCompare(b[1], 'ko'));
  const selected = slotUid === null ? undefined : (slots.find((s) => s.uid === slotUid) ?? list.data?.problems.find((s) => s.uid === slotUid));

  return (
    <Stack gap="md">
      <PageHeader title={messages.titles.my} intro={m.intro} />
      <CountCards counts={list.data?.counts ?? all.data?.counts} />
      <Group role="search" aria-label={m.filters} gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={m.yearLabel}
          data={[{ value: '', label: m.allYears }, ...years.map((y) => ({ value: String(y), label: m.year(y) }))]}
          value={filters.year === null ? '' : String(filters.year)}
          onChange={(event) => update({ year: parsePositiveId(event.currentTarget.value) })}
          w={{ base: '100%', xs: 160 }}
        />
        <NativeSelect
          label={m.subjectLabel}
          data={[{ value: '', label: m.allSubjects }, ...subjects.map(([code, name]) => ({ value: String(code), label: name }))]}
          value={filters.subject === null ? '' : String(filters.subject)}
          onChange={(event) => update({ subject: parsePositiveId(event.currentTarget.value) })}
          w={{ base: '100%', xs: 240 }}
        />
        <Button variant="default" onClick={() => update({ year: null, subject: null })} disabled={!filtering}>
          {m.reset}
        </Button>
      </Group>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed text={m.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.problems.length === 0 ? (
        <EmptyState>{filtering ? m.noResults : m.empty}</EmptyState>
      ) : (
        <SlotList slots={list.data.problems} selected={slotUid} compact={compact} onOpen={(uid) => update({ slot: uid })} />
      )}
      {selected && <SlotEditor key={selected.uid} slot={selected} onClose={() => update({ slot: null })} />}
    </Stack>
  );
}
