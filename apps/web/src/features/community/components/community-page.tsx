import { Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, type ComponentType } from 'react';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useCommunityStudents } from '../api/get-community-students';
import { useMyCourses } from '../api/get-my-courses';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import {
  SKILL_FILTER_MAX,
  toCommunityStudentsQuery,
  type CommunitySearch,
} from '../utils/community-search';
import { CommunitySkillInput } from './community-skill-input';
import { StudentCard } from './student-card';

type CommunityPageProps = {
  search: CommunitySearch;
  onSearchChange: (next: Partial<CommunitySearch>) => void;
  /** Students filter by their own courses; admins and superadmins pick any of theirs. */
  isStudent: boolean;
  /**
   * The course picker of admins and superadmins (searched on the server: they may have many);
   * the route brings it, since a feature does not import another.
   */
  AdminCourseSelect?: ComponentType<SearchSelectFieldProps>;
};

function CourseFilter({
  courseId,
  onChange,
}: {
  courseId: string | undefined;
  onChange: (courseId: string | undefined) => void;
}) {
  const courses = useMyCourses();
  const options = useMemo(
    () =>
      (courses.data ?? [])
        .filter((e) => e.status === 'ACTIVE' && e.course.archivedAt === null)
        .map((e) => ({ value: e.course.id, label: `${e.course.code} · ${e.course.title}` })),
    [courses.data],
  );
  return (
    <Select
      label="One of my courses"
      placeholder={courses.isPending ? 'Loading courses…' : 'Any course'}
      data={options}
      value={courseId ?? null}
      onChange={(value) => onChange(value ?? undefined)}
      clearable
      error={courses.isError ? `Could not load your courses: ${courses.error.message}` : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function CommunityPage({
  search,
  onSearchChange,
  isStudent,
  AdminCourseSelect,
}: CommunityPageProps) {
  const query = toCommunityStudentsQuery(search);
  const students = useCommunityStudents(query);
  const onCommit = useCallback(
    (value: string | undefined) => onSearchChange({ search: value, page: undefined }),
    [onSearchChange],
  );
  const [text, setText] = useDebouncedSearch(search.search, onCommit);
  const filtered = Boolean(
    search.search || search.skills?.length || search.courseId || search.looking,
  );
  const showCourse = isStudent || Boolean(AdminCourseSelect);
  const onCourseChange = (courseId: string | undefined) =>
    onSearchChange({
      courseId,
      // "Without a team" means "in this course": no course, no such filter.
      ...(courseId ? {} : { withoutTeam: undefined }),
      page: undefined,
    });

  return (
    <>
      <PageHeader
        title="Community"
        description={
          isStudent
            ? 'Students of your courses, their skills and whether they are looking for a team.'
            : 'Students of the organizations you run, their skills and their teams.'
        }
      />
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        mb="lg"
        component="form"
        role="search"
        aria-label="Find students"
        onSubmit={(e) => e.preventDefault()}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: showCourse ? 3 : 2 }} spacing="md">
            <TextInput
              label="Search by name"
              placeholder="Name"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <CommunitySkillInput
              value={search.skills ?? []}
              maxTags={SKILL_FILTER_MAX}
              onChange={(skills) =>
                onSearchChange({ skills: skills.length > 0 ? skills : undefined, page: undefined })
              }
            />
            {isStudent ? (
              <CourseFilter courseId={search.courseId} onChange={onCourseChange} />
            ) : (
              AdminCourseSelect && (
                <AdminCourseSelect
                  label="Course"
                  placeholder="Any course"
                  value={search.courseId ?? null}
                  onChange={(value) => onCourseChange(value ?? undefined)}
                  clearable
                />
              )
            )}
          </SimpleGrid>
          <Group gap="lg" wrap="wrap">
            <Switch
              label="Looking for a team"
              checked={Boolean(search.looking)}
              onChange={(e) =>
                onSearchChange({ looking: e.currentTarget.checked || undefined, page: undefined })
              }
            />
            {showCourse && (
              <Switch
                label="Without a team in this course"
                description={search.courseId ? undefined : 'Choose a course first'}
                disabled={!search.courseId}
                checked={Boolean(search.courseId && search.withoutTeam)}
                onChange={(e) =>
                  onSearchChange({
                    withoutTeam: e.currentTarget.checked || undefined,
                    page: undefined,
                  })
                }
              />
            )}
          </Group>
        </Stack>
      </Paper>

      {students.isPending ? (
        <InlineLoader label="Loading students" />
      ) : students.isError ? (
        <ErrorAlert
          title="Could not load the community"
          error={students.error}
          onRetry={() => void students.refetch()}
        />
      ) : students.data.items.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'No student matches these filters. Try fewer skills or another course.'
            : isStudent
              ? 'Nobody to show yet: students appear here once you share an active course.'
              : 'No students in your organizations yet.'}
        </EmptyState>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 1, sm: 2, xl: 3 }}
            spacing="md"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Students"
            aria-busy={students.isPlaceholderData}
          >
            {students.data.items.map((student) => (
              <StudentCard
                key={student.id}
                student={student}
                coursesLabel={isStudent ? 'Courses in common' : 'Courses'}
                coursesEmpty={isStudent ? 'No course in common.' : 'No course to show.'}
              />
            ))}
          </SimpleGrid>
          <ListPagination
            page={students.data.page}
            limit={students.data.limit}
            total={students.data.total}
            noun="students"
            onChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
          />
        </>
      )}
    </>
  );
}
