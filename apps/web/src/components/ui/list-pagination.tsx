import { Group, Pagination, Text } from '@mantine/core';

type ListPaginationProps = {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number) => void;
  /** What the list holds, for the count and the navigation's accessible name ("students"). */
  noun: string;
};

/** The footer of a server-paginated list: "21–40 of 57 students" and the page buttons. */
export function ListPagination({ page, limit, total, onChange, noun }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
          })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          aria-label={`Pages of ${noun}`}
        />
      )}
    </Group>
  );
}
