import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { LtiSyncChange, LtiSyncResult } from '@teamup/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/query-state';
import { countOf } from '@/lib/format';
import { useSyncLtiRoster } from '../api/sync-lti-roster';
import { notifySuccess } from '../notifications';
import { formatDateTime } from '../utils/format-time';

/** How many changes the preview lists by name; the counts say the rest. */
const LISTED_CHANGES = 8;

const ROLE_NAMES: Record<NonNullable<LtiSyncChange['role']>, string> = {
  INSTRUCTOR: 'instructor',
  TEACHING_ASSISTANT: 'teaching assistant',
  LEARNER: 'student',
};

function describeChange(change: LtiSyncChange, applied: boolean): string {
  const who = change.email ? `${change.name} (${change.email})` : change.name;
  const role = change.role ? ROLE_NAMES[change.role] : 'staff';
  switch (change.kind) {
    case 'ENROLL':
      return `${who}: ${applied ? 'enrolled' : 'enroll'}`;
    case 'REACTIVATE':
      return `${who}: ${applied ? 'active again' : 'make active again'}`;
    case 'DEACTIVATE':
      return `${who}: ${applied ? 'made inactive' : 'make inactive'} (gone from the LMS)`;
    case 'STAFF':
      return `${who}: ${applied ? 'now' : 'becomes'} ${role}`;
    case 'STAFF_REMOVED':
      return `${who}: ${applied ? 'no longer' : 'no longer to be'} ${role}`;
  }
}

/** "3 to enroll, 1 to make inactive" (a preview) or "3 enrolled, 1 made inactive" (a sync). */
function summary(result: LtiSyncResult): string[] {
  const done = result.applied;
  const parts = [
    result.enrolled > 0 &&
      `${result.enrolled.toLocaleString('en')} ${done ? 'enrolled' : 'to enroll'}`,
    result.reactivated > 0 &&
      `${result.reactivated.toLocaleString('en')} ${done ? 'active again' : 'to make active again'}`,
    result.deactivated > 0 &&
      `${result.deactivated.toLocaleString('en')} ${done ? 'made inactive' : 'to make inactive'}`,
    result.staffChanged > 0 &&
      (done
        ? `${countOf(result.staffChanged, 'staff change')}`
        : `${countOf(result.staffChanged, 'staff change')} to make`),
  ];
  return parts.filter((p): p is string => typeof p === 'string');
}

function SyncReport({ result }: { result: LtiSyncResult }) {
  const parts = summary(result);
  const listed = result.changes.slice(0, LISTED_CHANGES);
  const more = result.changes.length - listed.length;
  return (
    <Stack gap="xs">
      <Group gap={6}>
        <Badge variant="light" color="gray.8" tt="none">
          {countOf(result.members, 'member')} in the LMS
        </Badge>
        <Badge variant="light" color="gray.8" tt="none">
          {result.unchanged.toLocaleString('en')} unchanged
        </Badge>
      </Group>
      {parts.length === 0 ? (
        <Text size="sm" fw={600}>
          {result.applied
            ? 'Nothing changed: the roster already matched the LMS.'
            : 'Nothing to change.'}
        </Text>
      ) : (
        <Text size="sm" fw={600}>
          {parts.join(', ')}.
        </Text>
      )}
      {listed.length > 0 && (
        <List
          size="sm"
          spacing={2}
          aria-label={result.applied ? 'Changes made' : 'Changes to make'}
        >
          {listed.map((change, i) => (
            <List.Item
              key={`${change.kind}-${change.email ?? change.name}-${i}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {describeChange(change, result.applied)}
            </List.Item>
          ))}
        </List>
      )}
      {more > 0 && (
        <Text size="xs" c="dimmed">
          and {countOf(more, 'more change')}.
        </Text>
      )}
    </Stack>
  );
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'preview'; result: LtiSyncResult }
  | { kind: 'synced'; result: LtiSyncResult }
  | { kind: 'not-linked' };

/**
 * The course's roster from its LMS course (issue 28, NRPS): "Sync roster" first shows what would
 * change, then "Apply" makes the changes. A course not linked to an LMS course says so.
 */
export function LmsRosterSection({ courseId }: { courseId: string }) {
  const sync = useSyncLtiRoster(courseId);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  const run = (preview: boolean) => {
    sync.mutate(
      { preview },
      {
        onSuccess: (result) => {
          setStage({ kind: result.applied ? 'synced' : 'preview', result });
          if (result.applied) {
            notifySuccess('Roster synced', 'The course’s roster now follows the LMS.');
          }
        },
        onError: (error) => {
          if (error.status === 409 && error.code === 'NO_LMS_ROSTER')
            setStage({ kind: 'not-linked' });
        },
      },
    );
  };

  const failed = sync.isError && stage.kind !== 'not-linked' ? sync.error : null;
  const lastSyncedAt =
    stage.kind === 'preview' || stage.kind === 'synced' ? stage.result.lastSyncedAt : undefined;
  const previewing = sync.isPending && sync.variables?.preview === true;
  const applying = sync.isPending && sync.variables?.preview === false;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lms-roster-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="lms-roster-heading">
            LMS roster
          </Title>
          <Text size="sm" c="dimmed">
            Brings the roster in line with the course in the LMS: new students are enrolled,
            students gone from it become inactive, and staff follow their LMS roles. It also runs by
            itself about once a day.
          </Text>
        </Stack>

        {stage.kind === 'not-linked' ? (
          <Text size="sm" c="dimmed">
            Not linked to an LMS course. A course is linked when its instructor first opens Teamup
            from the LMS.
          </Text>
        ) : (
          <>
            {stage.kind === 'preview' && (
              <Alert
                variant="outline"
                color="blue.9"
                title="What a sync would change"
                aria-live="polite"
              >
                <Stack gap="sm">
                  <SyncReport result={stage.result} />
                  <Group gap="xs">
                    {stage.result.changes.length > 0 && (
                      <Button
                        size="sm"
                        onClick={() => run(false)}
                        loading={applying}
                        disabled={previewing}
                      >
                        Apply
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="default"
                      onClick={() => setStage({ kind: 'idle' })}
                      disabled={applying}
                    >
                      {stage.result.changes.length > 0 ? 'Cancel' : 'Close'}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {stage.kind === 'synced' && (
              <Alert variant="outline" color="teal.9" title="Roster synced" aria-live="polite">
                <SyncReport result={stage.result} />
              </Alert>
            )}
            {failed && <ErrorAlert title="Could not sync the roster" error={failed} />}
            {stage.kind !== 'preview' && (
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                variant="outline"
                onClick={() => run(true)}
                loading={previewing}
                w="fit-content"
              >
                Sync roster
              </Button>
            )}
            {lastSyncedAt !== undefined && (
              <Text size="xs" c="dimmed">
                {lastSyncedAt
                  ? `Last synced ${formatDateTime(lastSyncedAt)}.`
                  : 'Never synced yet.'}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
