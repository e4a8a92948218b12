import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { isPast } from '@/components/ui/deadline-text';
import { CourseTeamList } from './course-team-list';
import { MyCourseTeamStatus } from './my-course-team-status';
import { TeamlessClassmates } from './teamless-classmates';
import { useCourseTeamState } from './use-course-team-state';

/** What the teams section needs to know about the course (the route passes it from the course). */
export type CourseTeamsCourse = {
  id: string;
  code: string;
  teamSizeMin: number;
  teamSizeMax: number;
  teamFormationDeadline: string;
  archived: boolean;
};

function LockNotice({ course }: { course: CourseTeamsCourse }) {
  if (course.archived) {
    return (
      <Alert color="gray" variant="outline" title="This course is archived" role="status">
        Teams are kept as they are: nobody can create, join or leave a team any more.
      </Alert>
    );
  }
  return (
    <Alert
      color="red.9"
      variant="outline"
      title="The team formation deadline has passed"
      icon={<IconClockExclamation aria-hidden />}
      role="status"
    >
      Teams in this course can no longer change: no new teams, join requests, invitations, or
      members joining and leaving. Your course admin can still move students between teams.
    </Alert>
  );
}

type CourseTeamsSectionProps = {
  course: CourseTeamsCourse;
  /**
   * An INACTIVE enrollment takes no part in teams: setting it inactive took the student out of
   * their team (decision 081), so they see that they have none, with nothing to do.
   */
  readOnly?: boolean;
};

/**
 * The teams part of a student's course page: their own team status, the course's teams they can
 * join, and the classmates still without a team.
 */
export function CourseTeamsSection({ course, readOnly = false }: CourseTeamsSectionProps) {
  const query = useCourseTeamState(course.id);
  const locked = readOnly || course.archived || isPast(course.teamFormationDeadline);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="teams-heading"
    >
      <Stack gap="lg">
        {/* The deadline and team size are in the page's header: said once per page. */}
        <Title order={2} fz="lg" id="teams-heading">
          Teams
        </Title>
        {readOnly ? (
          <MyCourseTeamStatus course={course} locked readOnly query={query} />
        ) : (
          <>
            {locked && <LockNotice course={course} />}
            <MyCourseTeamStatus course={course} locked={locked} query={query} />
            <CourseTeamList
              courseId={course.id}
              state={query.state}
              locked={locked}
              showMatching={Boolean(query.state && !query.state.team && !locked)}
            />
            <TeamlessClassmates courseId={course.id} state={query.state} locked={locked} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
