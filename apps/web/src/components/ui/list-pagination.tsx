import { Group, Pagination, Text } from '@mantine/core';
import { countOf } from '@/lib/format';

type ListPaginationProps = {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number) => void;
  /** What the list holds, for the count and the navigation's accessible name ("students"). */
  noun: string;
  /** One of them ("student"); by default the noun without its final "s". */
  one?: string;
};

/**
 * The footer of a server-paginated list: "21–40 of 57 students" (a lone item is "1 student", not
 * "1–1 of 1 students") and the page buttons.
 */
export function ListPagination({
  page,
  limit,
  total,
  onChange,
  noun,
  one = noun.replace(/s$/, ''),
}: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : total === 1
            ? countOf(1, one)
            : `${first}–${last} of ${countOf(total, one, noun)}`}
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
