import { Badge, Group, Stack, Text } from '@mantine/core';
import type { SharedCourse } from '@teamup/shared';

function TeamStatus({ course }: { course: SharedCourse }) {
  if (course.team) {
    const { team } = course;
    return (
      <Text size="sm" span>
        {team.isLeader ? 'Leads ' : 'In '}
        <Text span fw={600} inherit>
          {team.name}
        </Text>{' '}
        ({team.memberCount}/{team.maxSize})
      </Text>
    );
  }
  if (course.enrollmentStatus !== 'ACTIVE') {
    return (
      <Text size="sm" span c="dimmed">
        Not active in this course
      </Text>
    );
  }
  return (
    <Text size="sm" span>
      No team yet
    </Text>
  );
}

type SharedCoursesProps = {
  courses: SharedCourse[];
  /** Words for an empty list. */
  empty: string;
};

/** The courses shown with a student (shared with a student viewer) and their team in each. */
export function SharedCourses({ courses, empty }: SharedCoursesProps) {
  if (courses.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {courses.map((course) => (
        <Stack key={course.id} gap={2} component="li">
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={700} c="blue.9" title={course.title}>
              {course.code}
            </Text>
            <Text size="sm" span c="dimmed" aria-hidden>
              ·
            </Text>
            <TeamStatus course={course} />
            {course.lookingForTeam && !course.team && (
              <Badge size="sm" color="teal.9" variant="filled">
                Looking for a team
              </Badge>
            )}
          </Group>
          {course.lookingForTeam && !course.team && course.lookingNote && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              “{course.lookingNote}”
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
