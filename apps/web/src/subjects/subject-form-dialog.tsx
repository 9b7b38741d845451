import { Checkbox, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { GRADE_CODES, gradeCodeLabel } from '@qbank/shared/grade';
import { SUBJECT_ABBR_MAX, SUBJECT_NAME_MAX, subjectCreateRequestSchema, type Subject, type SubjectCreateRequest } from '@qbank/shared/subjects';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useCreateSubject, useUpdateSubject } from './lead-api';
import { FormError } from '../components/load-state';
import { applyFieldErrors } from '../lib/field-errors';
import { FormActions } from '../components/form-actions';

const m = messages.leadSubjects;
const f = m.form;

/** The form as the inputs hold it: selects are strings, '' is "not chosen yet". */
export interface SubjectFormValues {
  subject_name: string;
  abbr: string;
  type: '' | '0' | '1';
  cliexam_type: '' | '0' | '1';
  grades: string[];
}

const EMPTY: SubjectFormValues = { subject_name: '', abbr: '', type: '', cliexam_type: '', grades: [] };
const formFields = ['subject_name', 'abbr', 'type', 'cliexam_type', 'grades'] as const;

function valuesOf(subject: Subject | null): SubjectFormValues {
  if (!subject) return EMPTY;
  return {
    subject_name: subject.subject_name,
    abbr: subject.abbr ?? '',
    type: subject.type === 1 ? '1' : '0',
    cliexam_type: subject.cliexam_type === 1 ? '1' : '0',
    grades: subject.grades.map(String),
  };
}

const flag = (value: '' | '0' | '1') => (value === '' ? undefined : (Number(value) as 0 | 1));

/** The request the form stands for; an unchosen select is absent, which the schema refuses. */
export type SubjectRequestDraft = Omit<z.input<typeof subjectCreateRequestSchema>, 'type' | 'cliexam_type'> & {
  type: 0 | 1 | undefined;
  cliexam_type: 0 | 1 | undefined;
};

export function subjectRequestOf(values: SubjectFormValues): SubjectRequestDraft {
  return {
    subject_name: values.subject_name,
    abbr: values.abbr,
    type: flag(values.type),
    cliexam_type: flag(values.cliexam_type),
    grades: values.grades.map(Number),
  };
}

const validateRequest = zodResolver<unknown>(subjectCreateRequestSchema);

const typeOptions = [
  { value: '', label: f.choose, disabled: true },
  { value: '1', label: messages.subjects.typeClinical },
  { value: '0', label: messages.subjects.typeBasic },
];
const cliexamOptions = [
  { value: '', label: f.choose, disabled: true },
  { value: '1', label: f.cliexamIncluded },
  { value: '0', label: f.cliexamExcluded },
];

/** 과목 추가 / 수정: name required, type and cliexam_type required selects, grades, abbr. */
export function SubjectFormDialog({ opened, subject, onClose }: { opened: boolean; subject: Subject | null; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={subject ? f.editTitle : f.addTitle} centered size="lg">
      {/* The modal unmounts its content when closed: each opening starts a fresh form. */}
      <SubjectForm key={subject?.subject_code ?? 'new'} subject={subject} onDone={onClose} />
    </Modal>
  );
}

function SubjectForm({ subject, onDone }: { subject: Subject | null; onDone: () => void }) {
  const create = useCreateSubject();
  const update = useUpdateSubject();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SubjectFormValues>({
    initialValues: valuesOf(subject),
    validate: (values) => validateRequest(subjectRequestOf(values)),
  });
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const request: SubjectCreateRequest = subjectCreateRequestSchema.parse(subjectRequestOf(values));
    const onError = (error: Error) => {
      applyFieldErrors(error, formFields, form.setErrors);
      setFailure(m.saveFailed(errorMessage(error, error.message || m.unknownError)));
    };
    const onSuccess = () => {
      notifications.show({ color: 'teal', message: subject ? m.saved : m.created, autoClose: 3000 });
      onDone();
    };
    if (subject) update.mutate({ code: subject.subject_code, ...request }, { onSuccess, onError });
    else create.mutate(request, { onSuccess, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={failure} />
        <TextInput label={f.name} withAsterisk maxLength={SUBJECT_NAME_MAX} autoComplete="off" data-autofocus {...form.getInputProps('subject_name')} />
        <TextInput
          label={f.abbr}
          description={f.abbrHint}
          maxLength={SUBJECT_ABBR_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          {...form.getInputProps('abbr')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect label={f.type} withAsterisk data={typeOptions} {...form.getInputProps('type')} />
          <NativeSelect label={f.cliexam} withAsterisk data={cliexamOptions} {...form.getInputProps('cliexam_type')} />
        </SimpleGrid>
        <Checkbox.Group label={f.grades} description={f.gradesHint} {...form.getInputProps('grades')}>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
            {GRADE_CODES.map((code) => (
              <Checkbox key={code} value={String(code)} label={gradeCodeLabel(code)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormActions cancelLabel={f.cancel} submitLabel={f.save} onCancel={onDone} pending={pending} mt="xs" />
      </Stack>
    </form>
  );
}
