import { Anchor, Breadcrumbs, Button, Center, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { BoardContentDetail } from '@qbank/shared/boards';
import { formatDateTime, formatFileSize } from '@qbank/shared/format';
import { IconArrowLeft, IconDownload, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SafeHtml } from '../components/safe-html';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { downloadFile } from '../lib/download';
import { paths } from '../lib/paths';
import { isApproved, useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { parsePositiveId } from '../lib/parse-positive-id';
import { useBoardContent } from './api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { canDelete, canEdit } from './permissions';
import { PostReplies } from './post-replies';
import { attachmentPath, useDeletePost } from './write-api';

const m = messages.boards;

function ErrorState({ text }: { text: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{text}</Title>
      <Button component={Link} to={paths.board.getHref()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {m.backToList}
      </Button>
    </Stack>
  );
}

/** Name and size of the file; a download button for approved members (decision 020). */
function Attachment({ post, canDownload }: { post: BoardContentDetail; canDownload: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const name = post.attached_filename;
  if (!name) return null;

  async function download() {
    setDownloading(true);
    try {
      await downloadFile(attachmentPath(post.board_code, post.code), name ?? '');
    } catch (error) {
      notifications.show({ color: 'red', title: messages.postActions.downloadFailed, message: errorMessage(error, messages.postActions.downloadFailed) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" fz="sm">
        <IconPaperclip size={16} role="img" aria-label={m.attachment} style={{ flexShrink: 0 }} />
        {canDownload ? (
          <Button
            variant="subtle"
            size="compact-sm"
            px={4}
            rightSection={<IconDownload size={16} aria-hidden />}
            aria-label={messages.postActions.download(name)}
            loading={downloading}
            onClick={() => void download()}
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
            h="auto"
          >
            {name}
          </Button>
        ) : (
          <Text span inherit style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        )}
        {post.attached_filesize !== null && (
          <Text span c="gray.7" inherit style={{ flexShrink: 0 }}>
            ({formatFileSize(post.attached_filesize)})
          </Text>
        )}
      </Group>
      {!canDownload && (
        <Text size="sm" c="gray.7">
          {messages.postActions.membersOnly}
        </Text>
      )}
    </Stack>
  );
}

/** Edit for the author; delete for the author and admins (confirmed first). */
function PostActions({ post, pageBoardCode }: { post: BoardContentDetail; pageBoardCode: string }) {
  const { user } = useLoginSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(pageBoardCode, post.code);
  const approved = user !== null && isApproved(user);
  const editable = approved && canEdit(user, post.author_id);
  const deletable = approved && canDelete(user, post.author_id);
  if (!editable && !deletable) return null;

  function confirmDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: messages.postActions.deleted });
        // The post's own query is dropped only after the page left it, or it would refetch a 404.
        void Promise.resolve(navigate(paths.board.getHref(post.board_code), { replace: true })).then(() => remove.forget());
      },
      onError: (error) => {
        setConfirming(false);
        notifications.show({ color: 'red', title: messages.postActions.deleteFailed, message: errorMessage(error, messages.postActions.deleteFailed) });
      },
    });
  }

  return (
    <Group gap="xs" role="group" aria-label={messages.postActions.label}>
      {editable && (
        <Button
          component={Link}
          to={paths.boardContentEdit.getHref(post.board_code, post.code)}
          variant="default"
          size="xs"
          leftSection={<IconPencil size={16} aria-hidden />}
        >
          {messages.postActions.edit}
        </Button>
      )}
      {deletable && (
        <Button variant="light" color="red.8" size="xs" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
          {messages.postActions.delete}
        </Button>
      )}
      <ConfirmDialog
        title={messages.postActions.confirmTitle}
        confirmLabel={messages.postActions.delete}
        cancelLabel={messages.postActions.cancel}
        opened={confirming}
        text={messages.postActions.deleteConfirm}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}

function Post({ post, pageBoardCode }: { post: BoardContentDetail; pageBoardCode: string }) {
  const boardHref = paths.board.getHref(post.board_code);
  const { user } = useLoginSession();
  const canDownload = user !== null && isApproved(user);
  return (
    <Stack gap="md">
      <Breadcrumbs component="nav" aria-label={m.breadcrumb} separator="›" separatorMargin={6}>
        <Anchor component={Link} to={paths.board.getHref()} size="sm">
          {messages.titles.board}
        </Anchor>
        <Anchor component={Link} to={boardHref} size="sm">
          {post.board_name}
        </Anchor>
      </Breadcrumbs>

      <Stack gap={6}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Title>
        <Group gap="xs" c="gray.7" fz="sm" wrap="wrap">
          <Text span fw={600} c="dark.9" inherit>
            {post.author_id ?? m.deletedAuthor}
          </Text>
          <Text span inherit>
            {m.createdAt} <time dateTime={post.creation_time}>{formatDateTime(post.creation_time)}</time>
          </Text>
          <Text span inherit>
            {m.updatedAt} <time dateTime={post.update_time}>{formatDateTime(post.update_time)}</time>
          </Text>
          <Text span inherit>
            {m.views(post.access_no)}
          </Text>
        </Group>
      </Stack>

      <PostActions post={post} pageBoardCode={pageBoardCode} />
      <Attachment post={post} canDownload={canDownload} />

      <Divider />
      <SafeHtml html={post.content} />
      <Divider />

      <PostReplies target={{ board: pageBoardCode, content: post.code }} replies={post.replies} />

      <Group>
        <Button component={Link} to={boardHref} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {m.backToList}
        </Button>
      </Group>
    </Stack>
  );
}

export function BoardContentPage() {
  const { boardCode = '', contentCode } = useParams();
  const code = parsePositiveId(contentCode);
  const query = useBoardContent(boardCode, code);
  const post = query.data?.content;
  useDocumentTitle(messages.app.pageTitle(post?.title ?? messages.titles.boardContent));

  if (code === null) return <ErrorState text={m.notFound} />;
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-label={messages.app.loading}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError || !post) {
    const notFound = isApiRequestError(query.error) && query.error.status === 404;
    return <ErrorState text={notFound ? m.notFound : m.loadFailed} />;
  }
  return <Post post={post} pageBoardCode={boardCode} />;
}
