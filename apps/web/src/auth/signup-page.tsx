import { SIGNUP_FIELD_MAX, signupFormSchema, type SignupRequest } from '@qbank/shared/auth';
import { Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import { sanitizeNextPath } from '../lib/next-path';
import { paths } from '../lib/paths';
import { useLoginSession } from '../lib/login-session';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useSignupMutation } from './api';
import { AuthCard } from './auth-card';
import { NewPasswordInputs } from './new-password-inputs';
import { signupGradeMessages as g } from './signup-grade-messages';
import { FormError } from '../components/load-state';
import { applyFieldErrors } from '../lib/field-errors';

const GRADE_OPTIONS = [{ value: '', label: g.placeholder, disabled: true }, ...[1, 2, 3, 4].map((grade) => ({ value: String(grade), label: g.option(grade) }))];

const initialValues = { name: '', id: '', password: '', password_confirm: '', nickname: '', school_no: '', grade: '' };
type SignupValues = typeof initialValues;
const requestFields = ['name', 'id', 'password', 'nickname', 'school_no', 'grade'] as const satisfies readonly (keyof SignupRequest)[];

export function SignupPage() {
  const m = messages.signup;
  const session = useLoginSession();
  const [searchParams] = useSearchParams();
  const rawNext = searchParams.get('next');
  const next = sanitizeNextPath(rawNext);
  const signup = useSignupMutation();
  // A failure that is not about one field (those are shown under the field instead).
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    initialValues,
    validate: zodResolver(signupFormSchema),
    validateInputOnBlur: true,
  });

  if (session.status === 'signed-in') return <Navigate to={next} replace />;
  if (session.status === 'checking') return <PageLoader />;

  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    // The same schema that validated the form trims the values; the confirmation stays here.
    const parsed = signupFormSchema.parse(values);
    const request: SignupRequest = {
      name: parsed.name,
      id: parsed.id,
      password: parsed.password,
      nickname: parsed.nickname,
      school_no: parsed.school_no,
      grade: Number(parsed.grade),
    };
    signup.mutate(request, {
      onError: (error) => {
        if (!applyFieldErrors(error, requestFields, form.setErrors)) setFormError(errorMessage(error, m.failed));
      },
    });
  });

  const textProps = { maxLength: SIGNUP_FIELD_MAX, spellCheck: false } as const;

  return (
    <AuthCard title={m.title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {m.intro}
          </Text>
          <FormError message={formError} />
          <TextInput label={m.name} autoComplete="name" {...textProps} {...form.getInputProps('name')} />
          <TextInput label={m.id} description={m.idHint} autoComplete="username" autoCapitalize="none" {...textProps} {...form.getInputProps('id')} />
          <NewPasswordInputs
            labels={{ password: m.password, hint: m.passwordHint, confirm: m.passwordConfirm }}
            password={form.getInputProps('password')}
            confirm={form.getInputProps('password_confirm')}
          />
          <TextInput label={m.nickname} autoComplete="nickname" {...textProps} {...form.getInputProps('nickname')} />
          <TextInput label={m.schoolNo} description={m.schoolNoHint} autoComplete="off" {...textProps} {...form.getInputProps('school_no')} />
          <NativeSelect label={g.label} description={g.hint} data={GRADE_OPTIONS} {...form.getInputProps('grade')} />
          <Button type="submit" fullWidth loading={signup.isPending}>
            {m.submit}
          </Button>
          <Text size="sm" ta="center">
            {m.haveAccount}{' '}
            <Anchor component={Link} to={paths.login.getHref(rawNext ? next : null)} fw={600}>
              {m.loginLink}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
