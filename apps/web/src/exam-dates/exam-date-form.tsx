import { Button, Checkbox, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { isLeadRole } from '@qbank/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormCard } from '../components/form-card';
import { showFailure, showSuccess } from '../components/toasts';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { useLoginSession } from '../lib/login-session';
import { answerableTestsQueryOptions } from '../exams/api';
import { subjectAllClassesQueryOptions, subjectNamesQueryOptions } from '../subjects/api';
import { useCreateExamDate } from './api';
import { examDateMessages } from './messages';

const m = examDateMessages.form;

/** Korea's calendar day today (the server compares dates in Korea). */
function koreaToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** 시험 추가: title, date and time, subject, the classes and past exams in scope; leads may publish. */
export function ExamDateForm() {
  const session = useLoginSession();
  const lead = session.status === 'signed-in' && isLeadRole(session.user.role);
  const subjects = useQuery(subjectNamesQueryOptions());
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [subject, setSubject] = useState<string | null>(null);
  const [classes, setClasses] = useState<string[]>([]);
  const [tests, setTests] = useState<string[]>([]);
  const [publish, setPublish] = useState(lead);
  const [fields, setFields] = useState<Record<string, string>>({});
  const subjectCode = subject ? Number(subject) : undefined;
  const classChoices = useQuery({ ...subjectAllClassesQueryOptions(subjectCode ?? 0), enabled: subjectCode !== undefined });
  const testChoices = useQuery({ ...answerableTestsQueryOptions(), enabled: subjectCode !== undefined });
  const create = useCreateExamDate();

  const submit = () => {
    setFields({});
    create.mutate(
      {
        title,
        date,
        time: time === '' ? null : time,
        subject_code: subjectCode ?? 0,
        class_uids: classes.map(Number),
        test_codes: tests.map(Number),
        publish: lead && publish,
      },
      {
        onSuccess: () => {
          showSuccess(m.created);
          setTitle('');
          setClasses([]);
          setTests([]);
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.fields) setFields(error.fields);
          showFailure(m.failed, error);
        },
      },
    );
  };

  return (
    <FormCard aria-labelledby="exam-date-form-title" onSubmit={submit}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="exam-date-form-title">
          {m.title}
        </Title>
        <TextInput
          label={m.name}
          placeholder={m.namePlaceholder}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={fields.title}
          required
          maxLength={100}
        />
        <Group grow gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={m.date}
            value={date}
            min={koreaToday()}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={fields.date}
            required
            miw={150}
          />
          <TextInput type="time" label={m.time} value={time} onChange={(event) => setTime(event.currentTarget.value)} error={fields.time} miw={120} />
        </Group>
        <Select
          label={m.subject}
          data={(subjects.data ?? []).map((item) => ({ value: String(item.subject_code), label: item.subject_name }))}
          value={subject}
          onChange={(value) => {
            setSubject(value);
            setClasses([]);
            setTests([]);
          }}
          searchable
          required
          error={fields.subject_code}
        />
        {subjectCode !== undefined && (
          <>
            <MultiSelect
              label={m.classes}
              data={(classChoices.data ?? []).map((row) => ({ value: String(row.uid), label: row.class_name }))}
              value={classes}
              onChange={setClasses}
              searchable
              error={fields.class_uids}
            />
            <MultiSelect
              label={m.tests}
              data={(testChoices.data ?? [])
                .filter((row) => row.subject_code === subjectCode)
                .map((row) => ({ value: String(row.test_code), label: `${row.year} ${row.test_name}` }))}
              value={tests}
              onChange={setTests}
              searchable
              error={fields.test_codes}
            />
            <Text size="xs" c="gray.7">
              {m.scopeHint}
            </Text>
          </>
        )}
        {lead && <Checkbox label={m.publish} checked={publish} onChange={(event) => setPublish(event.currentTarget.checked)} />}
        {create.isError && !isApiRequestError(create.error) && <Text c="red.8">{errorMessage(create.error, m.failed)}</Text>}
        <Button type="submit" loading={create.isPending} style={{ minHeight: 44, alignSelf: 'flex-start' }}>
          {m.submit}
        </Button>
      </Stack>
    </FormCard>
  );
}
