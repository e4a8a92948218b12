import {
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EnrollmentDetail } from '@teamup/shared';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState, type ComponentType } from 'react';
import { AnchorLink } from '@/components/ui/router-link';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useEnrollment } from '../api/get-enrollment';
import { useRemoveEnrollment } from '../api/remove-enrollment';
import { useUpdateEnrollmentStatus } from '../api/update-enrollment-status';
import { describeEnrollmentEvent } from './describe-enrollment-event';
import { EnrollmentStatusBadge, statusLabel } from './enrollment-status-badge';
import { Fact } from '@/components/ui/fact';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

function StatusControl({ enrollment }: { enrollment: EnrollmentDetail }) {
  const update = useUpdateEnrollmentStatus(enrollment.id);
  const pending = enrollment.status === 'PENDING';
  const toggle = (active: boolean) => {
    const status = active ? 'ACTIVE' : 'INACTIVE';
    update.mutate(
      { status },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Enrollment updated',
            message: `${enrollment.fullname} is now ${statusLabel(status).toLowerCase()} in ${enrollment.courseCode}.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not change the status',
            message: error.message,
          }),
      },
    );
  };
  return (
    <Switch
      label="Active in this course"
      description={
        pending
          ? 'Pending until the student signs in for the first time; then the enrollment becomes active by itself.'
          : enrollment.status === 'ACTIVE' && enrollment.team
            ? `Inactive students keep their enrollment but cannot take part in teams: ${enrollment.fullname} will leave team ${enrollment.team.name}, and switching back does not return the seat.`
            : 'Inactive students keep their enrollment but cannot take part in teams.'
      }
      checked={enrollment.status === 'ACTIVE'}
      disabled={pending || update.isPending}
      onChange={(e) => toggle(e.currentTarget.checked)}
    />
  );
}

function EnrollmentDetails({
  enrollment,
  onRemoved,
  TeamHistory,
}: {
  enrollment: EnrollmentDetail;
  onRemoved: () => void;
  TeamHistory?: TeamHistoryComponent;
}) {
  const remove = useRemoveEnrollment(enrollment.id);
  const [confirming, setConfirming] = useState(false);
  const e = enrollment;

  const doRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Student removed',
          message: `${e.fullname} is no longer enrolled in ${e.courseCode}.`,
        });
        setConfirming(false);
        onRemoved();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Could not remove student',
          message: error.message,
        });
        setConfirming(false);
      },
    });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} fz="lg">
            {e.fullname}
          </Title>
          <EnrollmentStatusBadge status={e.status} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {e.email}
        </Text>
      </Stack>

      <SimpleGrid cols={2} spacing="sm" component="dl" m={0}>
        <Fact gap={2} label="Course">
          {/* Underlined: in a line of text a link must not be told apart by its colour alone. */}
          <AnchorLink
            to="/admin/courses/$courseId"
            params={{ courseId: e.courseId }}
            size="sm"
            underline="always"
          >
            {e.courseCode}
          </AnchorLink>{' '}
          · {e.courseTitle}
        </Fact>
        <Fact gap={2} label="Organization">
          {e.organizationName}
        </Fact>
        <Fact gap={2} label="Source">
          {e.source === 'CSV'
            ? 'CSV roster'
            : e.source === 'LTI'
              ? 'From the LMS'
              : 'Added by hand'}
        </Fact>
        <Fact gap={2} label="Student ID">
          {e.studentId ?? '—'}
        </Fact>
        <Fact gap={2} label="Team">
          {e.team?.name ?? '—'}
        </Fact>
        <Fact gap={2} label="Account">
          {e.userId ? 'Has signed in' : 'Has not signed in yet'}
        </Fact>
        <Fact gap={2} label="Added">
          {dayjs(e.createdAt).format('lll')}
        </Fact>
        <Fact gap={2} label="Activated">
          {e.activatedAt ? dayjs(e.activatedAt).format('lll') : '—'}
        </Fact>
      </SimpleGrid>

      <StatusControl enrollment={e} />

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="enrollment-history-heading">
        <Title order={3} fz="md" id="enrollment-history-heading">
          History
        </Title>
        {e.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={e.history.length - 1}>
            {e.history.map((event) => (
              <Timeline.Item key={event.id} title={describeEnrollmentEvent(event)}>
                <Text size="xs" c="dimmed">
                  {event.actor ? `by ${event.actor.fullname} (${event.actor.email})` : 'by Teamup'}
                  {' · '}
                  <time dateTime={event.createdAt} title={dayjs(event.createdAt).format('LLL')}>
                    {dayjs(event.createdAt).fromNow()}
                  </time>
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>

      {TeamHistory && e.userId && (
        <>
          <Divider />
          <TeamHistory courseId={e.courseId} userId={e.userId} fullname={e.fullname} />
        </>
      )}

      <Divider />
      <Group justify="flex-end">
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Remove from course
        </Button>
      </Group>

      <ConfirmModal
        opened={confirming}
        title="Remove this student?"
        confirmLabel="Remove student"
        loading={remove.isPending}
        onConfirm={doRemove}
        onClose={() => setConfirming(false)}
      >
        {`${e.fullname} will be removed from ${e.courseCode} · ${e.courseTitle} and lose access to it.${e.team ? ` ${e.fullname} will leave team ${e.team.name}.` : ''} The change is recorded; you can add them again later${e.team ? ', without their team seat' : ''}.`}
      </ConfirmModal>
    </Stack>
  );
}

/** The team history of the enrollment's student, from the formation feature via the route. */
export type TeamHistoryComponent = ComponentType<{
  courseId: string;
  userId: string;
  fullname: string;
}>;

type EnrollmentDrawerProps = {
  enrollmentId: string | null;
  onClose: () => void;
  /** Shown for a student who has signed in (the periods belong to the account). */
  TeamHistory?: TeamHistoryComponent;
};

/** One enrollment in a side panel: details, status, history and removal. */
export function EnrollmentDrawer({ enrollmentId, onClose, TeamHistory }: EnrollmentDrawerProps) {
  // The last opened enrollment stays on screen while the drawer slides out.
  const [shownId, setShownId] = useState(enrollmentId);
  if (enrollmentId !== null && enrollmentId !== shownId) setShownId(enrollmentId);
  const enrollment = useEnrollment(enrollmentId ?? shownId, enrollmentId !== null);
  return (
    <Drawer.Root opened={enrollmentId !== null} onClose={onClose} position="right" size="md">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={600}>Enrollment</Drawer.Title>
          <Drawer.CloseButton aria-label="Close enrollment" />
        </Drawer.Header>
        <Drawer.Body>
          {enrollment.isPending ? (
            <InlineLoader label="Loading enrollment" />
          ) : enrollment.isError ? (
            <ErrorAlert
              title="Could not load the enrollment"
              error={enrollment.error}
              onRetry={() => void enrollment.refetch()}
            />
          ) : (
            <EnrollmentDetails
              enrollment={enrollment.data}
              onRemoved={onClose}
              TeamHistory={TeamHistory}
            />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
