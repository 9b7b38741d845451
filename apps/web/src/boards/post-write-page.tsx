import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Board } from '@qbank/shared/boards';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { parsePositiveId } from '../lib/parse-positive-id';
import { boardContentQueryOptions, useBoards } from './api';
import { canEdit, canWriteOn } from './permissions';
import { PostForm } from './post-form';
import { useCreatePost, useUpdatePost } from './write-api';

const m = messages.boardWrite;

function Loading() {
  return (
    <Center py="xl" role="status" aria-label={messages.app.loading}>
      <Loader size="sm" />
    </Center>
  );
}

/** A page that cannot show its form: the heading, why, and a way back. */
function Refusal({ title, text, backHref, backLabel }: { title: string; text: string; backHref: string; backLabel: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{title}</Title>
      <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} w="100%">
        {text}
      </Alert>
      <Button component={Link} to={backHref} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {backLabel}
      </Button>
    </Stack>
  );
}

function PageFrame({ title, boardName, children }: { title: string; boardName: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={900}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="gray.7">{boardName}</Text>
      </Stack>
      {children}
    </Stack>
  );
}

/** The board an address names, by its code or its board_id. */
function findBoard(boards: Board[] | undefined, param: string): Board | undefined {
  return boards?.find((board) => String(board.code) === param || board.board_id === param);
}

/** /board/:boardCode/write (behind the login gate). */
export function PostWritePage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.boardWrite));
  const { boardCode = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useLoginSession();
  const boards = useBoards();
  const board = findBoard(boards.data?.rows, boardCode);
  const create = useCreatePost(board?.code ?? boardCode);

  if (boards.isPending) return <Loading />;
  if (!board || !user) {
    return (
      <Refusal
        title={m.createTitle}
        text={boards.isError ? m.boardLoadFailed : m.boardNotFound}
        backHref={paths.board.getHref()}
        backLabel={messages.boards.backToList}
      />
    );
  }
  const boardHref = paths.board.getHref(board.code);
  if (!canWriteOn(board, user)) {
    return <Refusal title={m.createTitle} text={m.noticeOnlyLeads} backHref={boardHref} backLabel={messages.boards.backToList} />;
  }

  return (
    <PageFrame title={m.createTitle} boardName={board.board_name}>
      <PostForm
        mode="create"
        cancelHref={boardHref}
        error={create.error}
        submitting={create.isPending}
        onSubmit={(request) =>
          create.mutate(request, {
            onSuccess: ({ content }) => void navigate(paths.boardContent.getHref(content.board_code, content.code)),
          })
        }
      />
    </PageFrame>
  );
}

/** /board/:boardCode/content/:contentCode/edit (behind the login gate; the author only). */
export function PostEditPage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.boardEdit));
  const { boardCode = '', contentCode } = useParams();
  const code = parsePositiveId(contentCode);
  const navigate = useNavigate();
  const { user } = useLoginSession();
  // Coming from the post, its copy in the cache is used (the query's staleTime): a read counts a view.
  const query = useQuery({ ...boardContentQueryOptions(boardCode, code ?? 0), enabled: code !== null });
  const post = query.data?.content;
  const update = useUpdatePost(post?.board_code ?? boardCode, code ?? 0);

  if (code !== null && query.isPending) return <Loading />;
  if (code === null || !post) {
    const notFound = code === null || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Refusal
        title={m.editTitle}
        text={notFound ? messages.boards.notFound : messages.boards.loadFailed}
        backHref={paths.board.getHref()}
        backLabel={messages.boards.backToList}
      />
    );
  }
  const postHref = paths.boardContent.getHref(post.board_code, post.code);
  if (!canEdit(user, post.author_id)) {
    return <Refusal title={m.editTitle} text={m.editForbidden} backHref={postHref} backLabel={messages.postActions.backToPost} />;
  }

  return (
    <PageFrame title={m.editTitle} boardName={post.board_name}>
      <PostForm
        mode="edit"
        initial={{ title: post.title, content: post.content }}
        existingAttachment={post.attached_filename ? { name: post.attached_filename, size: post.attached_filesize } : null}
        cancelHref={postHref}
        error={update.error}
        submitting={update.isPending}
        onSubmit={(request) =>
          update.mutate(request, {
            onSuccess: ({ content }) => void navigate(paths.boardContent.getHref(content.board_code, content.code)),
          })
        }
      />
    </PageFrame>
  );
}
