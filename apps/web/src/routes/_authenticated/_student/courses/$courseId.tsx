import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { studentCourseQueryOptions } from '@/features/enrollments/api/get-student-course';
import { StudentCoursePage } from '@/features/enrollments/components/student-course-page';
import { CourseTeamsSection } from '@/features/teams/components/course-teams/course-teams-section';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/_student/courses/$courseId')({
  loader: ({ context, params }) => {
    if (!z.uuid().safeParse(params.courseId).success) throw notFound();
    // Not awaited: the page shows its header and its own loading, not-enrolled and error states.
    void context.queryClient.prefetchQuery(studentCourseQueryOptions(params.courseId));
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
    />
  );
}
