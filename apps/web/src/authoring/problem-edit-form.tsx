import { MultiSelect, NumberInput, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { PROBLEM_NO_MAX, updateProblemRequestSchema, type UpdateProblemRequest } from '@qbank/shared/authoring';
import { type ProblemDetail } from '@qbank/shared/lead-problems';
import { validationMessages } from '@qbank/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { applyFieldErrors } from '../lib/field-errors';
import { subjectAllClassesQueryOptions } from '../subjects/api';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useUpdateProblem } from './api';
import { changedContent, CONTENT_FIELDS, contentValuesOf, type ContentFormValues } from './problem-content';
import { contentFieldsOf, ProblemContentForm } from './problem-content-form';
import { problemTypeLabel } from './ui';
import { ErrorAlert } from '../components/load-state';
import { showSuccess, showInfo } from '../components/toasts';
import { StackedForm } from './stacked-form';
import { useStartFromSimilar } from './start-from-similar';
import { FormActions } from '../components/form-actions';

const t = messages.authoring.detail;

export interface LeadFormValues extends ContentFormValues {
  no: number | string;
  class_uids: number[];
}

const LEAD_FIELDS = [...CONTENT_FIELDS, 'no', 'class_uids'] as const;
const validateRequest = zodResolver<unknown>(updateProblemRequestSchema);

export function leadValuesOf(problem: ProblemDetail): LeadFormValues {
  return { ...contentValuesOf(problem), no: problem.no, class_uids: problem.classes.map((c) => c.uid).sort((a, b) => a - b) };
}

const sortedKey = (uids: readonly number[]) => [...uids].sort((x, y) => x - y).join(',');

/**
 * Editing a problem (decision 029) sends only the changed fields. The type is never among them — it is
 * shown, not edited (a type never changes after creation).
 */
export function changedProblem(initial: LeadFormValues, current: LeadFormValues): UpdateProblemRequest {
  const request: Record<string, unknown> = { ...changedContent(initial, current) };
  if (current.no !== initial.no) request.no = typeof current.no === 'number' ? current.no : Number(current.no);
  if (sortedKey(initial.class_uids) !== sortedKey(current.class_uids)) request.class_uids = [...current.class_uids].sort((a, b) => a - b);
  return request as UpdateProblemRequest;
}

function ClassesField({ problem, value, onChange, error }: { problem: ProblemDetail; value: number[]; onChange: (uids: number[]) => void; error?: ReactNode }) {
  const classes = useQuery(subjectAllClassesQueryOptions(problem.subject_code));
  const options = new Map<string, string>();
  for (const c of problem.classes) options.set(String(c.uid), t.classOption(c.class_name, c.class_date));
  for (const c of classes.data ?? []) options.set(String(c.uid), t.classOption(c.class_name, c.class_date));
  const description = classes.isError ? t.classesFailed : classes.data && classes.data.length === 0 ? t.noSubjectClasses : t.classesHint;
  return (
    <MultiSelect
      label={t.classes}
      description={description}
      placeholder={t.classesPlaceholder}
      data={[...options].map(([optionValue, label]) => ({ value: optionValue, label }))}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t.noSubjectClasses}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The lead's edit mode: number, type (read-only), content, classes; saves only what changed. */
export function ProblemEditForm({ problem, onDone }: { problem: ProblemDetail; onDone: () => void }) {
  const [initial] = useState(() => leadValuesOf(problem));
  const form = useForm<LeadFormValues>({ initialValues: initial, validate: (values) => validateRequest(changedProblem(initial, values)) });
  const save = useUpdateProblem(problem.uid);
  const similar = useStartFromSimilar(form, problem);

  const submit = () => {
    const request = changedProblem(initial, form.values);
    if (Object.keys(request).length === 0) {
      // Nothing changed → 'no changes', and nothing is sent.
      showInfo(validationMessages.problemNoChanges);
      return;
    }
    if (form.validate().hasErrors) return;
    if (similar.startedFrom !== undefined) request.started_from = similar.startedFrom;
    save.mutate(updateProblemRequestSchema.parse(request), {
      onSuccess: () => {
        showSuccess(t.saved);
        onDone();
      },
      onError: (error) => applyFieldErrors(error, LEAD_FIELDS, form.setErrors),
    });
  };

  return (
    <StackedForm onSubmit={submit}>
      {save.isError && <ErrorAlert title={t.saveFailed} error={save.error} />}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput label={t.number} min={1} max={PROBLEM_NO_MAX} allowDecimal={false} allowNegative={false} {...form.getInputProps('no')} />
          <TextInput label={t.type} value={problemTypeLabel(problem.type)} readOnly variant="filled" description={t.typeFixed} />
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        {t.content}
      </Title>
      <ProblemContentForm key={similar.formKey} type={problem.type} {...contentFieldsOf(form)} afterQuestion={similar.panel} />
      <ClassesField problem={problem} value={form.values.class_uids} {...form.getInputProps('class_uids')} />
      <FormActions cancelLabel={t.cancelEdit} submitLabel={t.save} onCancel={onDone} pending={save.isPending} />
    </StackedForm>
  );
}
