import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CourseStaffMember } from '@teamup/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useCourseStaff } from '../api/get-course-staff';
import { useRemoveCourseStaff } from '../api/remove-course-staff';
import { notifyFailure, notifySuccess } from '../notifications';
import { AppointStaffForm, withArticle } from './appoint-staff-form';
import { PendingStaffBadge, StaffRoleBadge } from './staff-role-badge';

/** The name to show: the account's or the one given, else the address. */
const nameOf = (member: CourseStaffMember) => member.fullname || member.email || 'Unnamed';

function StaffRow({
  member,
  onRemove,
}: {
  member: CourseStaffMember;
  onRemove?: (member: CourseStaffMember) => void;
}) {
  const name = nameOf(member);
  return (
    <Group justify="space-between" gap="sm" py="xs" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <UserAvatar fullname={name} avatar={member.avatar} radius="xl" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {member.email && member.email !== name && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
          )}
          <Group gap={6}>
            <StaffRoleBadge role={member.role} size="sm" />
            {member.status === 'PENDING' && <PendingStaffBadge size="sm" />}
          </Group>
        </Stack>
      </Group>
      {onRemove && (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Remove ${name} from the staff`}
          onClick={() => onRemove(member)}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

type CourseStaffSectionProps = {
  courseId: string;
  /** Organization admins appoint and remove; the staff themselves see the list only. */
  manage: boolean;
};

/** The course's instructors and teaching assistants, on its admin page (issue 28). */
export function CourseStaffSection({ courseId, manage }: CourseStaffSectionProps) {
  const staff = useCourseStaff(courseId);
  const remove = useRemoveCourseStaff();
  const [pending, setPending] = useState<CourseStaffMember | null>(null);

  const confirmRemove = () => {
    if (!pending) return;
    const member = pending;
    remove.mutate(
      { courseId, staffId: member.id },
      {
        onSuccess: () =>
          notifySuccess(
            'Removed from the staff',
            `${nameOf(member)} is no longer ${withArticle(member.role)} of this course.`,
          ),
        onError: (error) => notifyFailure('Could not remove', error),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="course-staff-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="course-staff-heading">
            Staff
          </Title>
          <Text size="sm" c="dimmed">
            {manage
              ? 'Instructors can do for this course everything you can; teaching assistants the same, except its settings and archiving.'
              : 'Instructors and teaching assistants of this course. An organization admin appoints and removes them.'}
          </Text>
        </Stack>

        {staff.isPending ? (
          <InlineLoader label="Loading the staff" />
        ) : staff.isError ? (
          <ErrorAlert
            title="Could not load the staff"
            error={staff.error}
            onRetry={() => void staff.refetch()}
          />
        ) : staff.data.items.length === 0 ? (
          <EmptyState>
            {manage
              ? 'No instructor or teaching assistant yet. Appoint one by email below.'
              : 'No instructor or teaching assistant yet.'}
          </EmptyState>
        ) : (
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Course staff"
          >
            {staff.data.items.map((member) => (
              <li key={member.id}>
                <StaffRow member={member} onRemove={manage ? setPending : undefined} />
              </li>
            ))}
          </Stack>
        )}
        {staff.data?.items.some((m) => m.status === 'PENDING') && (
          <Text size="xs" c="dimmed">
            Pending staff have been appointed but have not signed in yet.
          </Text>
        )}

        {manage && (
          <>
            <Divider />
            <AppointStaffForm courseId={courseId} />
          </>
        )}
      </Stack>

      <ConfirmModal
        opened={pending !== null}
        title="Remove from the staff?"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setPending(null)}
      >
        {pending
          ? `${nameOf(pending)}${pending.email && pending.email !== nameOf(pending) ? ` (${pending.email})` : ''} will no longer be ${withArticle(pending.role)} of this course and loses its admin pages. Their account and any enrollment stay.`
          : ''}
      </ConfirmModal>
    </Paper>
  );
}
