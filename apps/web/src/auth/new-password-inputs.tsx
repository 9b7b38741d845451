import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** A new password with its rule as the hint, then the same again to confirm (signup and the password change). */
export function NewPasswordInputs({
  labels,
  password,
  confirm,
}: {
  labels: { password: string; hint: string; confirm: string };
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
}) {
  return (
    <>
      <PasswordInput label={labels.password} description={labels.hint} autoComplete="new-password" {...password} />
      <PasswordInput label={labels.confirm} autoComplete="new-password" {...confirm} />
    </>
  );
}
