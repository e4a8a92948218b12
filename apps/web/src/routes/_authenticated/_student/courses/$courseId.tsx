import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isUuid } from '@/lib/search-params';
import {
  classmatesListQuery,
  classmatesQueryOptions,
} from '@/features/enrollments/api/get-classmates';
import { studentCourseQueryOptions } from '@/features/enrollments/api/get-student-course';
import {
  courseClassmatesQueryOptions,
  teamlessClassmatesQuery,
} from '@/features/teams/api/get-course-classmates';
import {
  courseTeamListQuery,
  courseTeamsQueryOptions,
} from '@/features/teams/api/get-course-teams';
import { myInvitationsQueryOptions } from '@/features/teams/api/get-my-invitations';
import { myTeamsQueryOptions } from '@/features/teams/api/get-my-teams';
import { myTeamHistoryQueryOptions } from '@/features/formation/api/get-team-history';
import { TeamHistoryCard } from '@/features/formation/components/team-history-card';
import { StudentCoursePage } from '@/features/enrollments/components/student-course-page';
import { CourseTeamsSection } from '@/features/teams/components/course-teams/course-teams-section';
import { studentSurveyQueryOptions } from '@/features/survey/api/get-student-survey';
import { StudentSurveyCard } from '@/features/survey/components/student-survey-card';
import { useDocumentTitle } from '@/components/ui/document-title';

/**
 * Starts every read of the course page at once, with the keys its components use, so the page is
 * one round of requests (decision 093): the course, my teams, my invitations, the team list (whose
 * first page, wanting my skills first, also gives "Teams that want your skills"), the classmates
 * without a team (each marked when the team I lead invited them, so the team's invitations need
 * no third round), the classmates in a team, my team history and the formation survey. Each
 * team and each classmate is
 * listed once (issue 24, decision 126).
 *
 * The course's lists are asked before the course answers whether the enrollment is ACTIVE. For
 * an INACTIVE one the server refuses the classmate lists (403) and the page shows neither them
 * nor the team list; with no enrollment every course read is a 404 and the page says so. Those
 * answers are not retried here: a list that does show retries its own error when it mounts.
 */
function prefetchCoursePage(queryClient: QueryClient, courseId: string) {
  const once = { retry: false } as const;
  const firstPage = { page: 1, search: '' };
  return Promise.all([
    queryClient.prefetchQuery(studentCourseQueryOptions(courseId)),
    queryClient.prefetchQuery(myTeamsQueryOptions()),
    queryClient.prefetchQuery(myInvitationsQueryOptions()),
    queryClient.prefetchQuery({
      ...courseTeamsQueryOptions(courseId, courseTeamListQuery({ ...firstPage, openOnly: true })),
      ...once,
    }),
    queryClient.prefetchQuery({
      ...courseClassmatesQueryOptions(courseId, teamlessClassmatesQuery(firstPage)),
      ...once,
    }),
    queryClient.prefetchQuery({
      ...classmatesQueryOptions(courseId, classmatesListQuery(firstPage)),
      ...once,
    }),
    queryClient.prefetchQuery({ ...myTeamHistoryQueryOptions(courseId), ...once }),
    // Issue 27: the team formation survey, shown first when the course has one.
    queryClient.prefetchQuery({ ...studentSurveyQueryOptions(courseId), ...once }),
  ]);
}

export const Route = createFileRoute('/_authenticated/_student/courses/$courseId')({
  loader: ({ context, params }) => {
    if (!isUuid(params.courseId)) throw notFound();
    // Every read of the page starts here at once, in one round (decision 093). Not awaited: the
    // page shows its header and its own loading, not-enrolled and error states.
    void prefetchCoursePage(context.queryClient, params.courseId);
  },
  component: StudentCourseRoute,
});

function StudentCourseRoute() {
  const { courseId } = Route.useParams();
  // The same query the course page reads: teams appear once the student's enrollment is known.
  // An INACTIVE one takes no part in teams but still sees the team it is in, read only.
  const enrollment = useQuery(studentCourseQueryOptions(courseId));
  const e = enrollment.data;
  useDocumentTitle([e?.course.code ?? 'Course', 'My Enrollments']);
  const showsTeams = e?.status === 'ACTIVE' || e?.status === 'INACTIVE';
  return (
    <StudentCoursePage
      courseId={courseId}
      teams={
        e &&
        showsTeams && (
          <CourseTeamsSection
            readOnly={e.status === 'INACTIVE'}
            course={{
              id: e.course.id,
              code: e.course.code,
              teamSizeMin: e.course.teamSizeMin,
              teamSizeMax: e.course.teamSizeMax,
              teamFormationDeadline: e.course.teamFormationDeadline,
              archived: e.course.archivedAt !== null,
            }}
          />
        )
      }
      // Beside the course, under "Your enrollment": a full-width row of its own made the page
      // taller (issue 24).
      aside={e && showsTeams && <TeamHistoryCard courseId={courseId} />}
      // Only an active student answers (the server refuses the others).
      survey={e?.status === 'ACTIVE' && <StudentSurveyCard courseId={courseId} />}
    />
  );
}
