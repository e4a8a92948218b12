import { List } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/query-state';
import type { ApiError } from '@/lib/api-client';

/** The shared error envelope as it is: its message, and a 400's field issues under it. */
export function ApiErrorAlert({ title, error }: { title: string; error: ApiError }) {
  return (
    <div>
      <ErrorAlert title={title} error={error} />
      {error.details.length > 0 && (
        <List size="sm" mt="xs">
          {error.details.map((d) => (
            <List.Item key={`${d.path}:${d.message}`}>
              {d.path ? `${d.path}: ` : ''}
              {d.message}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
