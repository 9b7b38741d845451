import { Group, Pagination } from '@mantine/core';
import { commonMessages as messages } from '../common/messages';

const m = messages.lists;

/**
 * Page links under a server-paged list, shown only when there is more than one page.
 * Every control has a Korean name (Mantine's arrows have none of their own).
 */
export function ListPagination({
  total,
  pageSize,
  page,
  onChange,
  label,
  namedByNumber = false,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "게시글 페이지". */
  label: string;
  /** The page buttons are named by their visible number alone (WCAG 2.5.3), not "N 페이지". */
  namedByNumber?: boolean;
}) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  return (
    <Group component="nav" aria-label={label} justify="center" mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        getItemProps={(item) => ({ 'aria-label': namedByNumber ? undefined : m.page(item), 'aria-current': item === page ? 'page' : undefined })}
        getControlProps={(control) => ({ 'aria-label': m.controls[control] })}
      />
    </Group>
  );
}
