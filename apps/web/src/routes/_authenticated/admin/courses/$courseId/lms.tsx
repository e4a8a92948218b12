import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LmsRosterSection } from '@/features/lti/components/lms-roster-section';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/lms')({
  component: function CourseLms() {
    const { courseId } = Route.useParams();
    return (
      <Stack gap="lg">
        <LmsRosterSection courseId={courseId} />
      </Stack>
    );
  },
});
