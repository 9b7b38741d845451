import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import { examYearChoices, TEST_NAME_MAX, testWriteRequestSchema, type TestSummary } from '@qbank/shared/exams';
import { applyFieldErrors } from '../lib/field-errors';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useSaveExam, useSubjectChoices } from './api';
import { ErrorAlert } from '../components/load-state';
import { showSuccess } from '../components/toasts';
import { FormActions } from '../components/form-actions';

const f = messages.authoring.examForm;

export interface ExamFormValues {
  test_name: string;
  /** The select's value: '' until a subject is chosen. */
  subject_code: string;
  year: string;
}

/** The form's values as the request, '' becoming "absent" so the shared schema names what is missing. */
export function examRequestOf(values: ExamFormValues): Record<string, unknown> {
  return {
    test_name: values.test_name,
    subject_code: values.subject_code === '' ? undefined : Number(values.subject_code),
    year: values.year === '' ? undefined : Number(values.year),
  };
}

const EXAM_FIELDS = ['test_name', 'subject_code', 'year'] as const;
const validateRequest = zodResolver<unknown>(testWriteRequestSchema);

/**
 * Saving an exam with the request's own schema (packages/shared/src/exams.ts): 시험명을 입력하세요, 과목을 선택하세요,
 * 올바른 과목을 선택하세요 — the texts the server would answer with.
 */
export const validateExamForm = (values: ExamFormValues) => validateRequest(examRequestOf(values));

function ExamForm({ exam, onClose }: { exam: TestSummary | null; onClose: () => void }) {
  const year = currentKoreanYear();
  const subjects = useSubjectChoices();
  const save = useSaveExam();
  const form = useForm<ExamFormValues>({
    initialValues: {
      test_name: exam?.test_name ?? '',
      subject_code: exam ? String(exam.subject_code) : '',
      year: String(exam?.year ?? year),
    },
    validate: validateExamForm,
  });

  // examYearChoices (packages/shared/src/exams.ts): the current year −5 … +4; an older exam keeps its own year among the choices.
  const years = examYearChoices(year);
  if (exam && !years.includes(exam.year)) years.push(exam.year);
  const subjectOptions = (subjects.data ?? []).map((s) => ({ value: String(s.subject_code), label: s.subject_name }));
  if (exam && !subjectOptions.some((o) => o.value === String(exam.subject_code))) {
    subjectOptions.unshift({ value: String(exam.subject_code), label: exam.subject_name });
  }

  const onSubmit = form.onSubmit((values) => {
    const request = testWriteRequestSchema.parse(examRequestOf(values));
    save.mutate(
      { testCode: exam?.test_code ?? null, request },
      {
        onSuccess: ({ test_info }) => {
          showSuccess(exam ? f.updated(test_info.test_name) : f.created(test_info.test_name));
          onClose();
        },
        onError: (error) => applyFieldErrors(error, EXAM_FIELDS, form.setErrors),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {save.isError && <ErrorAlert title={f.failed} error={save.error} />}
        {subjects.isError && <ErrorAlert title={f.subjectsFailed} error={subjects.error} />}
        <TextInput label={f.name} placeholder={f.namePlaceholder} maxLength={TEST_NAME_MAX} withAsterisk {...form.getInputProps('test_name')} data-autofocus />
        <NativeSelect
          label={f.subject}
          withAsterisk
          data={[{ value: '', label: f.subjectPlaceholder }, ...subjectOptions]}
          {...form.getInputProps('subject_code')}
        />
        <NativeSelect
          label={f.year}
          withAsterisk
          data={years.map((y) => ({ value: String(y), label: messages.authoring.year(y) }))}
          {...form.getInputProps('year')}
        />
        <FormActions cancelLabel={messages.authoring.cancel} submitLabel={f.save} onCancel={onClose} pending={save.isPending} />
      </Stack>
    </form>
  );
}

/** Create (exam null) or edit an exam: name, subject, year. */
export function ExamFormDialog({ opened, exam, onClose }: { opened: boolean; exam: TestSummary | null; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={exam ? f.editTitle : f.createTitle} centered>
      {/* Mounted afresh on each opening: the form starts from the exam it edits. */}
      {opened && <ExamForm key={exam?.test_code ?? 'new'} exam={exam} onClose={onClose} />}
    </Modal>
  );
}
