import { Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Enrollment } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { AnchorLink } from '@/components/ui/router-link';
import { EnrollmentStatusBadge } from './enrollment-status-badge';

dayjs.extend(localizedFormat);

const SOURCE_LABEL: Record<Enrollment['source'], string> = {
  MANUAL: 'Manual',
  CSV: 'CSV',
  LTI: 'LMS',
};

type EnrollmentTableProps = {
  items: Enrollment[];
  caption: string;
  /** The course column, left out on a course's own roster. */
  showCourse?: boolean;
  /** Issue 36: the section column, on a course's roster whose students have sections. */
  showSection?: boolean;
  onOpen: (enrollment: Enrollment) => void;
};

function OpenButton({
  enrollment,
  onOpen,
}: {
  enrollment: Enrollment;
  onOpen: (e: Enrollment) => void;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ta="left"
      aria-label={`Open enrollment of ${enrollment.fullname}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(enrollment);
      }}
    >
      {enrollment.fullname}
    </Anchor>
  );
}

/** The course, a link to its page (issue 24); a click on it does not also open the row. */
function CourseLink({ enrollment }: { enrollment: Enrollment }) {
  return (
    <AnchorLink
      to="/admin/courses/$courseId"
      params={{ courseId: enrollment.courseId }}
      size="sm"
      fw={500}
      underline="always"
      onClick={(event) => event.stopPropagation()}
    >
      {enrollment.courseCode}
    </AnchorLink>
  );
}

/** Issue 26: the address refused our email for good; say so where the admin reads it. */
function UndeliverableNote({ enrollment }: { enrollment: Enrollment }) {
  if (!enrollment.emailUndeliverable) return null;
  return (
    <Text size="xs" c="red.9">
      Email bounced: this address refuses our mail
    </Text>
  );
}

/** Under 48em a seven-column table does not fit: one card per enrollment instead. */
function EnrollmentCards({
  items,
  caption,
  showCourse = true,
  showSection = false,
  onOpen,
}: EnrollmentTableProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
      {items.map((e) => (
        <Paper key={e.id} withBorder radius="md" p="sm" component="li">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <OpenButton enrollment={e} onOpen={onOpen} />
              <EnrollmentStatusBadge status={e.status} />
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {e.email}
            </Text>
            <UndeliverableNote enrollment={e} />
            {showCourse && (
              <Text size="sm">
                <CourseLink enrollment={e} /> · {e.courseTitle}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {showSection && `Section ${e.section ?? '—'} · `}
              {SOURCE_LABEL[e.source]} · added {dayjs(e.createdAt).format('ll')} · team{' '}
              {e.team?.name ?? '—'}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function EnrollmentTable(props: EnrollmentTableProps) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return narrow ? <EnrollmentCards {...props} /> : <EnrollmentRows {...props} />;
}

function EnrollmentRows({
  items,
  caption,
  showCourse = true,
  showSection = false,
  onOpen,
}: EnrollmentTableProps) {
  return (
    <Table.ScrollContainer minWidth={showCourse ? 900 : 760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {showCourse && <Table.Th>Course</Table.Th>}
            {showSection && <Table.Th>Section</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Added</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr
              key={e.id}
              // The whole row opens the enrollment for a mouse; the name button does for a keyboard.
              onClick={() => onOpen(e)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <OpenButton enrollment={e} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.email}</Text>
                <UndeliverableNote enrollment={e} />
              </Table.Td>
              {showCourse && (
                <Table.Td>
                  <CourseLink enrollment={e} />
                  <Text size="xs" c="dimmed">
                    {e.courseTitle}
                  </Text>
                </Table.Td>
              )}
              {showSection && (
                <Table.Td>
                  <Text size="sm">{e.section ?? '—'}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <EnrollmentStatusBadge status={e.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{SOURCE_LABEL[e.source]}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.team?.name ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <time dateTime={e.createdAt}>{dayjs(e.createdAt).format('ll')}</time>
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
