import { Anchor, Button, Group, Loader, Center, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isNoticeBoard, type Board, type BoardContentSummary } from '@qbank/shared/boards';
import { isAdminRole } from '@qbank/shared/roles';
import { IconPaperclip, IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ListPagination } from '../components/list-pagination';
import { RelativeTime } from '../components/relative-time';
import { paths } from '../lib/paths';
import { isApproved, useLoginSession } from '../lib/login-session';
import { messages } from './messages';
import { BOARD_PAGE_SIZE, useBoardContents, useBoards } from './api';
import { BoardAdmin } from './board-admin';
import { canWriteOn } from './permissions';
import { parsePositiveId } from '../lib/parse-positive-id';

const m = messages.boards;

/** The board in the URL (`?board=<code>`), else the notice board, else the first. */
function selectBoard(boards: Board[], wanted: number | null): Board | undefined {
  return boards.find((b) => b.code === wanted) ?? boards.find(isNoticeBoard) ?? boards[0];
}

function PostRow({ post, boardCode }: { post: BoardContentSummary; boardCode: number }) {
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={paths.boardContent.getHref(boardCode, post.code)} fw={600} c="dark.9" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {post.title}
        </Anchor>
        {post.attached_filename && <IconPaperclip size={16} role="img" aria-label={m.attachment} style={{ flexShrink: 0, marginTop: 4 }} />}
      </Group>
      <Group gap="xs" mt={4} c="gray.7" fz="sm" wrap="wrap">
        <Text span inherit>
          {post.author_id ?? m.deletedAuthor}
        </Text>
        <Text span inherit aria-hidden>
          ·
        </Text>
        <Text span inherit>
          <RelativeTime iso={post.creation_time} />
        </Text>
        <Text span inherit aria-hidden>
          ·
        </Text>
        <Text span inherit>
          {m.views(post.access_no)}
        </Text>
        <Text span inherit aria-hidden>
          ·
        </Text>
        <Text span inherit>
          {m.replies(post.reply_count)}
        </Text>
      </Group>
    </Paper>
  );
}

function PostList({ board, page, onPage }: { board: Board; page: number; onPage: (page: number) => void }) {
  const { data, isPending } = useBoardContents(board.code, page);
  if (isPending) {
    return (
      <Center py="xl" role="status" aria-label={messages.app.loading}>
        <Loader size="sm" />
      </Center>
    );
  }
  // A failed load is only logged; the list then reads as empty.
  const rows = data?.rows ?? [];
  if (rows.length === 0) return <EmptyState>{m.empty}</EmptyState>;
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.postList(board.board_name)}>
        {rows.map((post) => (
          <PostRow key={post.code} post={post} boardCode={board.code} />
        ))}
      </Stack>
      <ListPagination total={data?.total ?? 0} pageSize={BOARD_PAGE_SIZE} page={page} onChange={onPage} label={m.pagination} />
    </>
  );
}

/**
 * 글쓰기 for the selected board. Signed-out visitors follow it to the login gate; a signed-in
 * member who may not write there (the notice board is for leads and above) sees it disabled,
 * with the reason.
 */
function WriteButton({ board }: { board: Board }) {
  const { user } = useLoginSession();
  if (user && isApproved(user) && !canWriteOn(board, user)) {
    return (
      <Stack gap={4} align="flex-end">
        <Button disabled leftSection={<IconPencil size={18} aria-hidden />} aria-describedby="board-write-hint">
          {m.write}
        </Button>
        <Text size="sm" c="gray.7" id="board-write-hint" ta="right">
          {messages.boardWrite.noticeOnlyLeads}
        </Text>
      </Stack>
    );
  }
  return (
    <Button component={Link} to={paths.boardWrite.getHref(board.code)} leftSection={<IconPencil size={18} aria-hidden />}>
      {m.write}
    </Button>
  );
}

export function BoardPage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.board));
  const [params, setParams] = useSearchParams();
  const boards = useBoards();
  const rows = boards.data?.rows ?? [];
  const selected = selectBoard(rows, parsePositiveId(params.get('board')));
  const page = parsePositiveId(params.get('page')) ?? 1;
  const { user } = useLoginSession();
  const isAdmin = user !== null && isApproved(user) && isAdminRole(user.role);

  const choose = (code: string | null) => {
    if (code) setParams({ board: code });
  };
  const goToPage = (next: number) => {
    if (!selected) return;
    setParams({ board: String(selected.code), ...(next > 1 ? { page: String(next) } : {}) });
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{messages.titles.board}</Title>
        {selected && <WriteButton board={selected} />}
      </Group>

      {boards.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader size="sm" />
        </Center>
      ) : !selected ? (
        <EmptyState>{m.empty}</EmptyState>
      ) : (
        <Tabs value={String(selected.code)} onChange={choose} keepMounted={false}>
          <Tabs.List aria-label={m.tabs} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {rows.map((board) => (
              <Tabs.Tab key={board.code} value={String(board.code)} style={{ flexShrink: 0 }}>
                {board.board_name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {rows.map((board) => (
            <Tabs.Panel key={board.code} value={String(board.code)} pt="md">
              {board.code === selected.code && <PostList board={board} page={page} onPage={goToPage} />}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      {isAdmin && <BoardAdmin current={selected} onCreated={(board) => choose(String(board.code))} />}
    </Stack>
  );
}
