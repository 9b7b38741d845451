import { Alert, Anchor, Button, Group, Modal, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CLASS_NAME_MAX, CLASS_TIME_MAX, classWriteRequestSchema, PROFESSOR_MAX, type ClassRow, type Subject } from '@qbank/shared/subjects';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ListPagination } from '../components/list-pagination';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useCompactLayout } from '../lib/use-compact-layout';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { CLASSES_PAGE_SIZE, subjectClassesQueryOptions, subjectYearsQueryOptions } from './api';
import { useDeleteClass, useSaveClass } from './lead-api';
import { FormError } from '../components/load-state';
import { applyFieldErrors } from '../lib/field-errors';
import { FormActions } from '../components/form-actions';
import { ClassCells, ClassHeadCells, EditDeleteButtons, ListBody } from './subject-pieces';

// Decision 028: a lead manages a subject's classes from the subject management screen.
// One modal, three views: the list (by year), the add/edit form, and the delete confirmation.

const m = messages.leadSubjects;
const c = m.classes;
const ALL_YEARS = 'all';
const BANNER_MS = 3000;

type View = { mode: 'list' } | { mode: 'form'; row: ClassRow | null } | { mode: 'delete'; row: ClassRow };

const failureText = (error: Error) => errorMessage(error, error.message || m.unknownError);

export function ClassManagerDialog({ subject, onClose }: { subject: Subject | null; onClose: () => void }) {
  const compact = useCompactLayout();
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject ? c.title(subject.subject_name) : ''} size="xl" fullScreen={compact} centered>
      {subject && <ClassManager key={subject.subject_code} subject={subject} />}
    </Modal>
  );
}

function ClassManager({ subject }: { subject: Subject }) {
  const [view, setView] = useState<View>({ mode: 'list' });
  // null: the latest year that has classes (like the public classes page); 'all': every year.
  const [year, setYear] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  if (view.mode === 'form') {
    return (
      <ClassForm
        subject={subject}
        row={view.row}
        onCancel={() => setView({ mode: 'list' })}
        onSaved={(saved) => {
          // Show the year the class was saved in, so it is on screen.
          setYear(saved.class_date.slice(0, 4));
          setPage(1);
          setView({ mode: 'list' });
        }}
      />
    );
  }
  if (view.mode === 'delete') {
    return <ClassDelete row={view.row} onDone={() => setView({ mode: 'list' })} />;
  }
  return (
    <ClassList
      subject={subject}
      year={year}
      page={page}
      onYear={(next) => {
        setYear(next);
        setPage(1);
      }}
      onPage={setPage}
      onAdd={() => setView({ mode: 'form', row: null })}
      onEdit={(row) => setView({ mode: 'form', row })}
      onDelete={(row) => setView({ mode: 'delete', row })}
    />
  );
}

function ClassList({
  subject,
  year: chosenYear,
  page,
  onYear,
  onPage,
  onAdd,
  onEdit,
  onDelete,
}: {
  subject: Subject;
  year: string | null;
  page: number;
  onYear: (year: string) => void;
  onPage: (page: number) => void;
  onAdd: () => void;
  onEdit: (row: ClassRow) => void;
  onDelete: (row: ClassRow) => void;
}) {
  const years = useQuery(subjectYearsQueryOptions(subject.subject_code));
  const yearReady = chosenYear !== null || !years.isPending;
  const latest = years.data?.[0];
  const selected = chosenYear ?? (latest === undefined ? ALL_YEARS : String(latest));
  const year = selected === ALL_YEARS ? null : Number(selected);
  const classes = useQuery({
    ...subjectClassesQueryOptions(subject.subject_code, { year, search: '', page }),
    enabled: yearReady,
  });

  const yearOptions = [{ value: ALL_YEARS, label: c.allYears }, ...(years.data ?? []).map((y) => ({ value: String(y), label: c.year(y) }))];
  if (year !== null && !yearOptions.some((o) => o.value === String(year))) yearOptions.push({ value: String(year), label: c.year(year) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <NativeSelect label={c.yearLabel} data={yearOptions} value={selected} disabled={!yearReady} onChange={(e) => onYear(e.currentTarget.value)} w={160} />
        <Group gap="xs">
          <Anchor component={Link} to={paths.subjectClasses.getHref(subject.subject_code)} size="sm">
            {c.publicLink}
          </Anchor>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {c.add}
          </Button>
        </Group>
      </Group>
      <ListBody
        query={classes}
        ready={yearReady}
        failed={(error) => (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={c.loadFailed} role="alert">
            {errorMessage(error, '')}
          </Alert>
        )}
        rows={(data) => data.classes}
        emptyText={c.empty}
        total={(data) => c.total(data.total)}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={640} type="native">
              <Table striped verticalSpacing="xs" aria-label={c.listLabel}>
                <Table.Thead>
                  <Table.Tr>
                    <ClassHeadCells names={{ name: c.name, date: c.date, time: c.period, professor: c.professor, problems: c.problems }} />
                    <Table.Th scope="col">{c.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.classes.map((row) => (
                    <Table.Tr key={row.uid}>
                      <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {row.class_name}
                      </Table.Th>
                      <ClassCells row={row} />
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <EditDeleteButtons name={row.class_name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPagination total={data.total} pageSize={CLASSES_PAGE_SIZE} page={page} onChange={onPage} label={c.pagination} />
          </>
        )}
      </ListBody>
    </Stack>
  );
}

/** The form as the inputs hold it: the period select is a string, '' meaning none. */
interface ClassFormValues {
  class_name: string;
  class_date: string;
  class_time: string;
  professor: string;
}

/** The request the form stands for (PUT sends every field, so a cleared period or professor is cleared). */
export function classRequestOf(values: ClassFormValues): z.input<typeof classWriteRequestSchema> {
  return {
    class_name: values.class_name,
    class_date: values.class_date,
    class_time: values.class_time === '' ? null : Number(values.class_time),
    professor: values.professor,
  };
}

const validateClass = zodResolver(classWriteRequestSchema);
const periodOptions = [
  { value: '', label: c.periodNone },
  ...Array.from({ length: CLASS_TIME_MAX }, (_, i) => ({ value: String(i + 1), label: c.periodValue(i + 1) })),
];
const classFields = ['class_name', 'class_date', 'class_time', 'professor'] as const;

function ClassForm({ subject, row, onCancel, onSaved }: { subject: Subject; row: ClassRow | null; onCancel: () => void; onSaved: (saved: ClassRow) => void }) {
  const save = useSaveClass();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ClassFormValues>({
    initialValues: {
      class_name: row?.class_name ?? '',
      class_date: row?.class_date ?? '',
      class_time: row?.class_time == null ? '' : String(row.class_time),
      professor: row?.professor ?? '',
    },
    validate: (values) => validateClass(classRequestOf(values)),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { subjectCode: subject.subject_code, classUid: row?.uid ?? null, request: classWriteRequestSchema.parse(classRequestOf(values)) },
      {
        onSuccess: (data) => {
          notifications.show({ color: 'teal', message: c.saved, autoClose: BANNER_MS });
          onSaved(data.class);
        },
        onError: (error) => {
          applyFieldErrors(error, classFields, form.setErrors);
          setFailure(c.saveFailed(failureText(error)));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {row ? c.editTitle : c.addTitle}
        </Title>
        <FormError message={failure} />
        {/* Focus moves into the form, which replaces the list inside the open modal. */}
        <TextInput label={c.name} withAsterisk maxLength={CLASS_NAME_MAX} autoComplete="off" autoFocus {...form.getInputProps('class_name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={c.date} description={c.dateHint} withAsterisk type="date" min="1900-01-01" max="2999-12-31" {...form.getInputProps('class_date')} />
          <NativeSelect label={c.period} data={periodOptions} {...form.getInputProps('class_time')} />
        </SimpleGrid>
        <TextInput label={c.professor} maxLength={PROFESSOR_MAX} autoComplete="off" {...form.getInputProps('professor')} />
        <FormActions cancelLabel={c.cancel} submitLabel={c.save} onCancel={onCancel} pending={save.isPending} mt="xs" />
      </Stack>
    </form>
  );
}

function ClassDelete({ row, onDone }: { row: ClassRow; onDone: () => void }) {
  const remove = useDeleteClass();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    remove.mutate(row.uid, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: c.deleted, autoClose: BANNER_MS });
        onDone();
      },
      onError: (error) => setFailure(c.deleteFailed(failureText(error))),
    });
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {c.deleteTitle}
        </Title>
        <Text>{c.deleteConfirm(row.class_name)}</Text>
        <Text size="sm" c="gray.7">
          {c.deleteKeepsProblems(row.problem_count)}
        </Text>
        <FormError message={failure} />
        <Group justify="flex-end" gap="xs">
          {/* Focus lands on the safe choice of the confirmation that replaced the list. */}
          <Button variant="default" onClick={onDone} disabled={remove.isPending} autoFocus>
            {c.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {c.delete}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
