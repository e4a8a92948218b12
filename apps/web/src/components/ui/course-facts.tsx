import { Badge, Group, Text } from '@mantine/core';
import { DeadlineText } from './deadline-text';

type CourseFactsProps = {
  course: {
    archivedAt: string | null;
    teamFormationDeadline: string;
    teamSizeMin: number;
    teamSizeMax: number;
  };
};

export function teamSizeRule(min: number, max: number): string {
  if (min === max) return `Teams of exactly ${min} member${min === 1 ? '' : 's'}`;
  return `Teams of ${min} to ${max} members`;
}

/**
 * The facts a course is planned by (archived, deadline, team size), each said once under the
 * page's heading: the student's and the admin's course pages show the same row.
 */
export function CourseFacts({ course }: CourseFactsProps) {
  return (
    <Group gap="md" wrap="wrap" mt={6} role="group" aria-label="Course facts">
      {course.archivedAt && (
        <Badge color="gray.7" variant="filled">
          Archived
        </Badge>
      )}
      <Group gap={6} wrap="wrap">
        <Text size="sm">Team formation deadline:</Text>
        <DeadlineText iso={course.teamFormationDeadline} withRelative fw={600} />
      </Group>
      <Text size="sm">{teamSizeRule(course.teamSizeMin, course.teamSizeMax)}</Text>
    </Group>
  );
}
