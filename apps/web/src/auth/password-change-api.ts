import {
  passwordChangeConfirmResponseSchema,
  passwordChangeConfirmSchema,
  passwordChangeRequestResponseSchema,
  passwordChangeRequestSchema,
  type PasswordChangeRequest,
} from '@qbank/shared/password-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { endLoginSession, loginSessionQueryKey } from '../lib/login-session';

// Decision 124: the signed-in request that mails a link, and the public confirmation of that link.

export async function requestPasswordChange(input: PasswordChangeRequest) {
  const body = passwordChangeRequestSchema.parse(input);
  return apiRequest('/v1/auth/update-password/request', { method: 'POST', body, schema: passwordChangeRequestResponseSchema });
}

export async function confirmPasswordChange(token: string) {
  const body = passwordChangeConfirmSchema.parse({ token });
  // Public call: a 401 here must not end anyone's session.
  return apiRequest('/v1/auth/update-password/confirm', { method: 'POST', body, auth: false, schema: passwordChangeConfirmResponseSchema });
}

export function usePasswordChangeRequest() {
  return useMutation({ mutationFn: requestPasswordChange });
}

export function usePasswordChangeConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordChange,
    onSuccess: () => {
      // The change revokes the member's earlier tokens (and the server clears this browser's
      // cookie when it was theirs): forget the session and what was cached for it, then ask the
      // server who, if anyone, is still signed in here.
      endLoginSession(queryClient);
      void queryClient.invalidateQueries({ queryKey: loginSessionQueryKey });
    },
  });
}
