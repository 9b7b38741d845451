import { Button, Group, Modal, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { PROBLEM_NO_MAX } from '@qbank/shared/authoring';
import { type ProblemDetail } from '@qbank/shared/lead-problems';
import { createSetHeaderRequestSchema, updateSetHeaderRequestSchema } from '@qbank/shared/set-headers';
import { PROBLEM_TYPES, type SetHeader } from '@qbank/shared/problems';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { RichTextEditor } from '../components/rich-text-editor';
import { applyFieldErrors } from '../lib/field-errors';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useSetHeaderWrites } from './api';
import { PictureField } from './picture-field';
import { editorHtmlOf } from './problem-content';
import { StoredHtml, StoredPicture } from './problem-content-view';
import { ErrorAlert, FormError } from '../components/load-state';
import { showFailure, showSuccess } from '../components/toasts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StackedForm } from './stacked-form';
import { TrashButton } from './trash-button';
import { FormActions } from '../components/form-actions';

const h = messages.authoring.setHeader;

interface HeaderFormValues {
  type: string;
  begin_problem_no: number | string;
  end_problem_no: number | string;
  header_text: string;
  pic: string | null;
}

const HEADER_FIELDS = ['type', 'begin_problem_no', 'end_problem_no', 'header_text', 'pic'] as const;

const numberOf = (value: number | string): number | undefined => (typeof value === 'number' ? value : value === '' ? undefined : Number(value));

function createRequestOf(testCode: number, values: HeaderFormValues): Record<string, unknown> {
  return {
    test_code: testCode,
    type: Number(values.type),
    begin_problem_no: numberOf(values.begin_problem_no),
    end_problem_no: numberOf(values.end_problem_no),
    header_text: values.header_text,
    ...(values.pic !== null ? { pic: values.pic } : {}),
  };
}

/** Only what changed is sent. */
function updateRequestOf(initial: HeaderFormValues, values: HeaderFormValues): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  if (values.type !== initial.type) request.type = Number(values.type);
  if (values.begin_problem_no !== initial.begin_problem_no) request.begin_problem_no = numberOf(values.begin_problem_no);
  if (values.end_problem_no !== initial.end_problem_no) request.end_problem_no = numberOf(values.end_problem_no);
  if (values.header_text !== initial.header_text) request.header_text = values.header_text;
  if (values.pic !== initial.pic) request.pic = values.pic;
  return request;
}

const validateCreate = zodResolver<unknown>(createSetHeaderRequestSchema);
const validateUpdate = zodResolver<unknown>(updateSetHeaderRequestSchema);

/** A message about no field of the form (nothing changed, the exam) is the form's own. */
function onFields(errors: FormErrors): FormErrors {
  const own: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = (HEADER_FIELDS as readonly string[]).includes(key) ? key : 'form';
    own[field] ??= message;
  }
  return own;
}

function HeaderForm({ testCode, problem, header, onClose }: { testCode: number; problem: ProblemDetail; header: SetHeader | null; onClose: () => void }) {
  const { create, update } = useSetHeaderWrites();
  const [initial] = useState<HeaderFormValues>(() => ({
    type: String(header?.type ?? 1),
    begin_problem_no: header?.begin_problem_no ?? problem.no,
    end_problem_no: header?.end_problem_no ?? problem.no,
    header_text: editorHtmlOf(header?.header_text ?? ''),
    pic: header?.pic_path ?? null,
  }));
  const requestOf = (values: HeaderFormValues) => (header ? updateRequestOf(initial, values) : createRequestOf(testCode, values));
  const form = useForm<HeaderFormValues>({
    initialValues: initial,
    validate: (values) => onFields(header ? validateUpdate(requestOf(values)) : validateCreate(requestOf(values))),
  });
  const mutation = header ? update : create;

  const options = {
    onSuccess: () => {
      showSuccess(h.saved);
      onClose();
    },
    onError: (error: Error) => applyFieldErrors(error, HEADER_FIELDS, form.setErrors),
  };
  const submit = form.onSubmit((values) => {
    if (header) update.mutate({ code: header.code, request: updateSetHeaderRequestSchema.parse(requestOf(values)) }, options);
    else create.mutate(createSetHeaderRequestSchema.parse(requestOf(values)), options);
  });
  const number = { min: 1, max: PROBLEM_NO_MAX, allowDecimal: false, allowNegative: false } as const;

  return (
    <StackedForm onSubmit={submit}>
      <FormError message={form.errors.form} />
      {mutation.isError && <ErrorAlert title={h.failed} error={mutation.error} />}
      <Text size="sm" c="gray.7">
        {h.onlyMultipleChoice}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label={h.type}
          data={[
            { value: '1', label: h.types.lettered },
            { value: '2', label: h.types.option },
          ]}
          {...form.getInputProps('type')}
        />
        <NumberInput label={h.begin} {...number} {...form.getInputProps('begin_problem_no')} />
        <NumberInput label={h.end} {...number} {...form.getInputProps('end_problem_no')} />
      </SimpleGrid>
      <RichTextEditor label={h.text} value={form.values.header_text} {...form.getInputProps('header_text')} minHeight={140} />
      <PictureField label={h.picture} value={form.values.pic} {...form.getInputProps('pic')} />
      <FormActions cancelLabel={messages.authoring.cancel} submitLabel={h.save} onCancel={onClose} pending={mutation.isPending} />
    </StackedForm>
  );
}

/**
 * The common passage of the problem's set: its range, text and picture, with create,
 * edit and remove. A passage is its own record: these saves do not touch the problem's form.
 */
export function SetHeaderSection({ testCode, problem }: { testCode: number; problem: ProblemDetail }) {
  const header = problem.set_header;
  const [dialog, setDialog] = useState<'create' | 'edit' | null>(null);
  const [removing, setRemoving] = useState(false);
  const { remove } = useSetHeaderWrites();
  const multipleChoice = problem.type === PROBLEM_TYPES.multipleChoice;
  // Passages link multiple-choice problems only; another type shows one only if it has one.
  if (!header && !multipleChoice) return null;
  const range = header ? h.range(header.begin_problem_no, header.end_problem_no) : '';

  const confirmRemove = () => {
    if (!header) return;
    remove.mutate(header.code, {
      onSuccess: () => showSuccess(h.removed),
      onError: (error) => showFailure(h.removeFailed, error),
      onSettled: () => setRemoving(false),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="set-header-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="set-header-title">
            {h.title}
            {header && (
              <Text span c="gray.7" fw={500} ml="xs">
                {range}
              </Text>
            )}
          </Title>
          <Group gap="xs">
            {header ? (
              <>
                <Button size="xs" variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('edit')}>
                  {h.edit}
                </Button>
                <TrashButton onClick={() => setRemoving(true)}>{h.remove}</TrashButton>
              </>
            ) : (
              <Button size="xs" variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('create')}>
                {h.create}
              </Button>
            )}
          </Group>
        </Group>
        {header ? (
          <>
            <StoredHtml html={header.header_text} />
            <StoredPicture path={header.pic_path} alt={h.picture} />
          </>
        ) : (
          <Text size="sm" c="gray.7">
            {h.none}
          </Text>
        )}
      </Stack>
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialog === 'edit' ? h.editTitle : h.createTitle} centered size="lg">
        {dialog !== null && <HeaderForm testCode={testCode} problem={problem} header={dialog === 'edit' ? header : null} onClose={() => setDialog(null)} />}
      </Modal>
      <ConfirmDialog
        opened={removing}
        title={h.removeTitle}
        text={h.removeConfirm(range)}
        confirmLabel={h.remove}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(false)}
      />
    </Paper>
  );
}
