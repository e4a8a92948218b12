import { Badge, Group, Stack, Text } from '@mantine/core';
import type { SharedCourse } from '@teamup/shared';
import { IconSend } from '@tabler/icons-react';
import { AnchorLink } from '@/components/ui/router-link';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea, type RoleArea } from '@/lib/roles';
import { useAskToJoin } from '../api/ask-to-join';
import { MessageAction } from './message-action';

type Team = NonNullable<SharedCourse['team']>;

/** The course's code, a link to the course's page where the viewer has one. */
function CourseCode({ course, area }: { course: SharedCourse; area: RoleArea }) {
  const text = { size: 'sm', fw: 700, c: 'blue.9', title: course.title } as const;
  // Underlined: the line around it is text too (axe link-in-text-block).
  if (area === 'student') {
    return (
      <AnchorLink
        to="/courses/$courseId"
        params={{ courseId: course.id }}
        underline="always"
        {...text}
      >
        {course.code}
      </AnchorLink>
    );
  }
  if (area === 'admin') {
    return (
      <AnchorLink
        to="/admin/courses/$courseId"
        params={{ courseId: course.id }}
        underline="always"
        {...text}
      >
        {course.code}
      </AnchorLink>
    );
  }
  return <Text {...text}>{course.code}</Text>;
}

function AskToJoin({ team }: { team: Team }) {
  const ask = useAskToJoin();
  return (
    <MessageAction
      label="Ask to join"
      ariaLabel={`Ask to join ${team.name}`}
      icon={<IconSend size={14} aria-hidden />}
      title={`Ask to join ${team.name}`}
      intro="The team's leader decides on your request. You can withdraw it while it is pending."
      messageLabel="Message to the leader"
      placeholder="Why you would like to join, what you bring"
      failureTitle="Could not send your request"
      submitLabel="Send request"
      doneLabel={`Request sent to ${team.name}`}
      send={(message) =>
        ask.mutateAsync({ teamId: team.id, message }).then((request) =>
          // The last seat may have gone since the profile was read: the answer says where the
          // request went.
          request.status === 'WAITLISTED'
            ? {
                title: 'On the waitlist',
                message: `${request.teamName} is full; you are number ${request.waitlistPosition ?? 1} on its waitlist`,
              }
            : { title: 'Request sent', message: `Request sent to ${request.teamName}` },
        )
      }
      pending={ask.isPending}
      error={ask.error}
      reset={ask.reset}
    />
  );
}

function TeamStatus({ course, area }: { course: SharedCourse; area: RoleArea }) {
  if (course.team) {
    const { team } = course;
    return (
      <Text size="sm" span>
        {team.isLeader ? 'Leads ' : 'In '}
        {/* Only students have team pages; staff see teams on the course's page. */}
        {area === 'student' ? (
          <AnchorLink
            to="/teams/$teamId"
            params={{ teamId: team.id }}
            fw={600}
            inherit
            underline="always"
          >
            {team.name}
          </AnchorLink>
        ) : (
          <Text span fw={600} inherit>
            {team.name}
          </Text>
        )}{' '}
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
  /** Offer "Ask to join" on a team the viewer may ask to join (the profile does). */
  withActions?: boolean;
};

/**
 * The courses shown with a student (shared with a student viewer) and their team in each, each
 * course and team a link to its page (issue 24: the community was a dead end).
 */
export function SharedCourses({ courses, empty, withActions = false }: SharedCoursesProps) {
  const area = getRoleArea(useAuthStore((s) => s.user?.role));
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
        <Stack key={course.id} gap={4} component="li">
          <Group gap={6} wrap="wrap">
            <CourseCode course={course} area={area} />
            <Text size="sm" span c="dimmed" aria-hidden>
              ·
            </Text>
            <TeamStatus course={course} area={area} />
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
          {withActions && course.team?.canAskToJoin && (
            <Group>
              <AskToJoin team={course.team} />
            </Group>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
