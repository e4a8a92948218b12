import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ExportTeams } from '@/features/formation/components/export-teams';
import { TeamHealthSection } from '@/features/formation/components/team-health-section';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/health')({
  component: function CourseHealth() {
    const { courseId } = Route.useParams();
    return (
      <Stack gap="lg">
        <TeamHealthSection courseId={courseId} />
        <ExportTeams courseId={courseId} />
      </Stack>
    );
  },
});
