import type { Member } from '@qbank/shared/auth';
import { Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loginSessionQueryKey } from '../lib/login-session';
import { messages } from './messages';
import { useLogout } from './api';
import { NoticeCard } from './notice-card';

/**
 * An unapproved member (validated 0) can sign in, but every members-only call answers 403
 * NOT_APPROVED; this replaces those screens so they do not look empty or broken.
 */
export function PendingApproval({ user }: { user: Member }) {
  const m = messages.pending;
  useDocumentTitle(messages.app.pageTitle(m.title));
  const queryClient = useQueryClient();
  const { logout, isPending } = useLogout();
  const [rechecking, setRechecking] = useState(false);

  return (
    <NoticeCard
      icon={IconHourglassHigh}
      title={m.title}
      actions={
        <>
          <Button
            loading={rechecking}
            onClick={() => {
              setRechecking(true);
              void queryClient.invalidateQueries({ queryKey: loginSessionQueryKey }).finally(() => setRechecking(false));
            }}
          >
            {m.recheck}
          </Button>
          <Button variant="default" onClick={logout} loading={isPending}>
            {m.logout}
          </Button>
        </>
      }
    >
      <Text mt="xs">{m.text}</Text>
      <Text c="gray.7" size="sm" mt="xs">
        {m.account(user.id)}
      </Text>
    </NoticeCard>
  );
}
