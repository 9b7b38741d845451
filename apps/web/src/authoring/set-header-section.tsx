import { Button, Group, Modal, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  createSetHeaderRequestSchema,
  PROBLEM_NO_MAX,
  updateSetHeaderRequestSchema,
  type ProblemDetail,
  type UpdateSetHeaderRequest,
} from '@qbank/shared/authoring';
import { PROBLEM_TYPES, type SetHeader } from '@qbank/shared/problems';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { RichTextEditor } from '../components/rich-text-editor';
import { isApiRequestError } from '../lib/api-client';
import { messages } from './messages';
import { useSetHeaderWrites } from './api';
import { PictureField } from './picture-field';
import { editorHtmlOf } from './problem-content';
import { StoredHtml, StoredPicture } from './problem-content-view';
import { ErrorAlert } from '../components/load-state';
import { showFailure, showSuccess } from '../components/toasts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StackedForm } from './stacked-form';
import { TrashButton } from './trash-button';
import { firstIssueMessages } from './issue-errors';

const h = messages.authoring.setHeader;

interface HeaderFormValues {
  type: string;
  begin: number | string;
  end: number | string;
  header_text: string;
  pic: string | null;
}

type HeaderErrors = Partial<Record<'type' | 'begin' | 'end' | 'header_text' | 'pic' | 'form', string>>;

const numberOf = (value: number | string): number | undefined => (typeof value === 'number' ? value : value === '' ? undefined : Number(value));

const FIELD_OF: Record<string, keyof HeaderErrors> = {
  type: 'type',
  begin_problem_no: 'begin',
  end_problem_no: 'end',
  header_text: 'header_text',
  pic: 'pic',
};

function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): HeaderErrors {
  return firstIssueMessages(issues, (field) => FIELD_OF[field] ?? 'form');
}

function HeaderForm({ testCode, problem, header, onClose }: { testCode: number; problem: ProblemDetail; header: SetHeader | null; onClose: () => void }) {
  const { create, update } = useSetHeaderWrites();
  const [initial] = useState<HeaderFormValues>(() => ({
    type: String(header?.type ?? 1),
    begin: header?.begin_problem_no ?? problem.no,
    end: header?.end_problem_no ?? problem.no,
    header_text: editorHtmlOf(header?.header_text ?? ''),
    pic: header?.pic_path ?? null,
  }));
  const [values, setValues] = useState<HeaderFormValues>(initial);
  const [errors, setErrors] = useState<HeaderErrors>({});
  const mutation = header ? update : create;
  const serverFields = isApiRequestError(mutation.error) ? mutation.error.fields : undefined;
  const set = (patch: Partial<HeaderFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const done = () => {
    showSuccess(h.saved);
    onClose();
  };

  const submit = () => {
    if (!header) {
      const checked = createSetHeaderRequestSchema.safeParse({
        test_code: testCode,
        type: Number(values.type),
        begin_problem_no: numberOf(values.begin),
        end_problem_no: numberOf(values.end),
        header_text: values.header_text,
        ...(values.pic !== null ? { pic: values.pic } : {}),
      });
      if (!checked.success) return setErrors(errorsOf(checked.error.issues));
      setErrors({});
      create.mutate(checked.data, { onSuccess: done });
      return;
    }
    // Only what changed is sent (spec §5 "Problem edit" applies to the passage too).
    const request: UpdateSetHeaderRequest = {};
    if (values.type !== initial.type) request.type = Number(values.type) as 1 | 2;
    if (values.begin !== initial.begin) request.begin_problem_no = numberOf(values.begin) as number;
    if (values.end !== initial.end) request.end_problem_no = numberOf(values.end) as number;
    if (values.header_text !== initial.header_text) request.header_text = values.header_text;
    if (values.pic !== initial.pic) request.pic = values.pic;
    const checked = updateSetHeaderRequestSchema.safeParse(request);
    if (!checked.success) return setErrors(errorsOf(checked.error.issues));
    setErrors({});
    update.mutate({ code: header.code, request: checked.data }, { onSuccess: done });
  };

  return (
    <StackedForm onSubmit={submit}>
      {errors.form && <ErrorAlert title={errors.form} error={null} />}
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
          value={values.type}
          onChange={(event) => set({ type: event.currentTarget.value })}
          error={errors.type ?? serverFields?.type}
        />
        <NumberInput
          label={h.begin}
          min={1}
          max={PROBLEM_NO_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.begin}
          onChange={(begin) => set({ begin })}
          error={errors.begin ?? serverFields?.begin_problem_no}
        />
        <NumberInput
          label={h.end}
          min={1}
          max={PROBLEM_NO_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.end}
          onChange={(end) => set({ end })}
          error={errors.end ?? serverFields?.end_problem_no}
        />
      </SimpleGrid>
      <RichTextEditor
        label={h.text}
        value={values.header_text}
        onChange={(header_text) => set({ header_text })}
        error={errors.header_text ?? serverFields?.header_text}
        minHeight={140}
      />
      <PictureField label={h.picture} value={values.pic} onChange={(pic) => set({ pic })} error={errors.pic ?? serverFields?.pic} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
          {messages.authoring.cancel}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {h.save}
        </Button>
      </Group>
    </StackedForm>
  );
}

/**
 * The common passage of the problem's set (spec §2): its range, text and picture, with create,
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
