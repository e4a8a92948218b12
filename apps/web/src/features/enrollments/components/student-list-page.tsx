import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import type { EnrollmentStatus } from '@teamup/shared';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useState, type ComponentType } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { useAdminStudents } from '../api/get-admin-students';
import { AddStudentModal } from './add-student-modal';
import { CourseSelect } from './course-select';
import { EnrollmentDrawer, type TeamHistoryComponent } from './enrollment-drawer';
import { STATUS_OPTIONS } from './enrollment-status-badge';
import { EnrollmentTable } from './enrollment-table';
import { useDebouncedSearch } from './use-debounced-search';
import { toAdminStudentsQuery, type StudentListSearch } from '../utils/list-search';

type StudentListPageProps = {
  search: StudentListSearch;
  onSearchChange: (next: Partial<StudentListSearch>) => void;
  /** The picker of the organizations the admin runs (the organizations feature's, via the route). */
  OrganizationSelect: ComponentType<SearchSelectFieldProps>;
  /** A student's team history in the enrollment panel (the formation feature's, via the route). */
  TeamHistory?: TeamHistoryComponent;
};

export function StudentListPage({
  search,
  onSearchChange,
  OrganizationSelect,
  TeamHistory,
}: StudentListPageProps) {
  const students = useAdminStudents(toAdminStudentsQuery(search));
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const commitSearch = useCallback(
    (value: string | undefined) => onSearchChange({ search: value, page: undefined }),
    [onSearchChange],
  );
  const [text, setText] = useDebouncedSearch(search.search, commitSearch);

  const filtered = Boolean(
    search.search || search.organizationId || search.courseId || search.status,
  );

  return (
    <>
      <PageHeader
        title="Student Management"
        description="Students of your organizations, their enrollments and status."
        actions={
          <Group mt="sm">
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              Add student
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name or email"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '2 1 220px' }}
            />
            <OrganizationSelect
              label="Organization"
              placeholder="All organizations"
              value={search.organizationId ?? null}
              // Another organization's course filter would match nothing.
              onChange={(value) =>
                onSearchChange({
                  organizationId: value ?? undefined,
                  courseId: undefined,
                  page: undefined,
                })
              }
              clearable
              style={{ flex: '1 1 180px' }}
            />
            <CourseSelect
              label="Course"
              placeholder="All courses"
              organizationId={search.organizationId}
              includeArchived
              formatLabel={(c) =>
                c.archivedAt ? `${c.code} · ${c.title} (archived)` : `${c.code} · ${c.title}`
              }
              value={search.courseId ?? null}
              onChange={(value) =>
                onSearchChange({ courseId: value ?? undefined, page: undefined })
              }
              clearable
              style={{ flex: '1 1 180px' }}
            />
            <Select
              label="Status"
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={search.status ?? null}
              onChange={(value) =>
                onSearchChange({
                  status: (value as EnrollmentStatus | null) ?? undefined,
                  page: undefined,
                })
              }
              clearable
              style={{ flex: '1 1 140px' }}
            />
          </Group>

          {students.isPending ? (
            <InlineLoader label="Loading students" />
          ) : students.isError ? (
            <ErrorAlert
              title="Could not load students"
              error={students.error}
              onRetry={() => void students.refetch()}
            />
          ) : students.data.items.length === 0 ? (
            <EmptyState>
              {filtered
                ? 'No student matches these filters.'
                : 'No students yet. Add one with “Add student”, or upload a class roster under Enroll Students.'}
            </EmptyState>
          ) : (
            <>
              <EnrollmentTable
                items={students.data.items}
                caption="Students"
                onOpen={(e) => setOpenId(e.id)}
              />
              <ListPagination
                page={students.data.page}
                limit={students.data.limit}
                total={students.data.total}
                noun="enrollments"
                onChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
              />
            </>
          )}
        </Stack>
      </Paper>
      <EnrollmentDrawer
        enrollmentId={openId}
        onClose={() => setOpenId(null)}
        TeamHistory={TeamHistory}
      />
      <AddStudentModal
        opened={adding}
        onClose={() => setAdding(false)}
        defaultCourseId={search.courseId}
      />
    </>
  );
}
