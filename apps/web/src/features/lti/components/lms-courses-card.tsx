import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LtiContextLinkResult, LtiContextView } from '@teamup/shared';
import { IconLink } from '@tabler/icons-react';
import { useState, type ComponentType, type FormEvent } from 'react';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { countOf } from '@/lib/format';
import { useLtiContexts } from '../api/get-lti-contexts';
import { useLinkLtiContext } from '../api/link-lti-context';
import { notifySuccess } from '../notifications';
import { formatDateTime } from '../utils/format-time';

/** A picker of one organization's active courses; the route lends it (features/enrollments). */
export type OrganizationCourseSelect = ComponentType<
  SearchSelectFieldProps & { organizationId: string }
>;

const lmsName = (context: LtiContextView) =>
  context.label && context.title && context.label !== context.title
    ? `${context.label} · ${context.title}`
    : context.label || context.title || context.contextId;

function linkedMessage(context: LtiContextView, result: LtiContextLinkResult): string {
  const course = result.context.course.code;
  if (!result.former) return `${lmsName(context)} already opens ${course}.`;
  const people = [
    result.carriedOver.students > 0 && countOf(result.carriedOver.students, 'student'),
    result.carriedOver.staff > 0 && countOf(result.carriedOver.staff, 'staff member'),
  ].filter((p): p is string => typeof p === 'string');
  const came = people.length > 0 ? ` ${people.join(' and ')} from the LMS came along.` : '';
  const former = result.former.archived
    ? `${result.former.code} was archived: nothing but launches had happened in it.`
    : `${result.former.code} stays as it was, no longer linked to the LMS.`;
  return `${lmsName(context)} now opens ${course}.${came} ${former}`;
}

function LinkForm({
  context,
  CourseSelect,
  onDone,
}: {
  context: LtiContextView;
  CourseSelect: OrganizationCourseSelect;
  onDone: () => void;
}) {
  const link = useLinkLtiContext();
  const [courseId, setCourseId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!courseId) {
      setMissing(true);
      return;
    }
    link.mutate(
      { id: context.id, courseId },
      {
        onSuccess: (result) => {
          notifySuccess('LMS course linked', linkedMessage(context, result));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={640}>
        <CourseSelect
          organizationId={context.organizationId}
          label="Course in Teamup"
          description={`Launches and roster syncs of ${lmsName(context)} go to this course from now on. The students and staff it brought to ${context.course.code} come along; ${context.course.code} is archived if nothing but launches happened in it.`}
          placeholder="Search courses"
          value={courseId}
          onChange={(value) => {
            setCourseId(value);
            setMissing(false);
          }}
          error={missing ? 'Choose the course' : undefined}
          required
        />
        {link.isError && <ErrorAlert title="The LMS course was not linked" error={link.error} />}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={link.isPending}>
            Link
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={link.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ContextItem({
  context,
  CourseSelect,
}: {
  context: LtiContextView;
  CourseSelect: OrganizationCourseSelect;
}) {
  const [linking, setLinking] = useState(false);
  const headingId = `lti-context-${context.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {lmsName(context)}
          </Title>
          <Group gap={6}>
            <Badge size="sm" variant="light" color="gray.8" tt="none">
              {context.platformName}
            </Badge>
            {context.course.archived && (
              <Badge size="sm" variant="light" color="yellow.9" tt="none">
                Course archived
              </Badge>
            )}
          </Group>
        </Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Opens{' '}
          <AnchorLink
            to="/admin/courses/$courseId"
            params={{ courseId: context.course.id }}
            c="blue.9"
            fw={600}
          >
            {context.course.code} · {context.course.title}
          </AnchorLink>
        </Text>
        <Text size="xs" c="dimmed">
          {!context.hasRoster
            ? 'No roster service yet: it comes with the next launch.'
            : context.lastSyncedAt
              ? `Roster last synced ${formatDateTime(context.lastSyncedAt)}`
              : 'Roster not synced yet'}
        </Text>
        {linking ? (
          <LinkForm
            context={context}
            CourseSelect={CourseSelect}
            onDone={() => setLinking(false)}
          />
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLink size={14} aria-hidden />}
            onClick={() => setLinking(true)}
            w="fit-content"
            aria-label={`Link ${lmsName(context)} to another course`}
          >
            Link to another course
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The LMS courses of one organization that opened Teamup, each with the course it opens; an
 * admin links one to an existing course instead of the one its first launch made (issue 28).
 */
export function LmsCoursesCard({
  organizationId,
  CourseSelect,
}: {
  organizationId: string;
  CourseSelect: OrganizationCourseSelect;
}) {
  const contexts = useLtiContexts(organizationId);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lti-contexts-heading"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="lti-contexts-heading">
            LMS courses
          </Title>
          <Text size="sm" c="dimmed">
            An instructor&apos;s first launch from an LMS course creates its course in Teamup. If
            the course was already here, link the LMS course to it instead.
          </Text>
        </Stack>
        {contexts.isPending ? (
          <InlineLoader label="Loading the LMS courses" />
        ) : contexts.isError ? (
          <ErrorAlert
            title="Could not load the LMS courses"
            error={contexts.error}
            onRetry={() => void contexts.refetch()}
          />
        ) : contexts.data.items.length === 0 ? (
          <EmptyState>
            No LMS course has opened Teamup yet. An instructor&apos;s first launch adds it here.
          </EmptyState>
        ) : (
          <Stack gap="sm">
            {contexts.data.items.map((context) => (
              <ContextItem key={context.id} context={context} CourseSelect={CourseSelect} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
