import { Alert, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COURSE_STAFF_ROLE_LABELS,
  COURSE_STAFF_ROLES,
  appointCourseStaffBodySchema,
  type CourseStaffMember,
  type CourseStaffRole,
} from '@teamup/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useAppointCourseStaff } from '../api/appoint-course-staff';
import { notifyFailure, notifySuccess } from '../notifications';

type FormValues = { email: string; role: CourseStaffRole };

const FIELDS = ['email', 'role'];
// The conflicts that are about the address typed: shown on the email field.
const CONFLICT_FIELDS = { ALREADY_STAFF: 'email', ENROLLED_AS_STUDENT: 'email' };

const ROLE_OPTIONS = COURSE_STAFF_ROLES.map((value) => ({
  value,
  label: COURSE_STAFF_ROLE_LABELS[value],
}));

/** "an instructor", "a teaching assistant". */
export function withArticle(role: CourseStaffRole): string {
  const label = COURSE_STAFF_ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}

export function appointedMessage(member: CourseStaffMember, created: boolean): string {
  const who = member.fullname || member.email || 'They';
  if (!created) return `${who} is now ${withArticle(member.role)} of this course.`;
  return member.status === 'PENDING'
    ? `${member.email ?? who} is ${withArticle(member.role)} of this course from their first sign-in.`
    : `${who} is now ${withArticle(member.role)} of this course.`;
}

/**
 * Appoint by email (issue 28), for organization admins: an address without an account waits
 * (PENDING) for its first sign-in. Appointing someone already on the staff in the other role
 * changes their role.
 */
export function AppointStaffForm({ courseId }: { courseId: string }) {
  const appoint = useAppointCourseStaff();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { email: '', role: 'TEACHING_ASSISTANT' },
    validate: (values) => zodFieldErrors(appointCourseStaffBodySchema, values),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    // The schema trims and lower-cases the email, as the server compares it.
    const body = appointCourseStaffBodySchema.parse(values);
    appoint.mutate(
      { courseId, body },
      {
        onSuccess: ({ member, created }) => {
          notifySuccess(
            created ? 'Staff appointed' : 'Role changed',
            appointedMessage(member, created),
          );
          form.reset();
        },
        onError: (error) => {
          notifyFailure('Could not appoint', error);
          const split = splitApiError(error, FIELDS, CONFLICT_FIELDS);
          form.setErrors(split.fieldErrors);
          setFormError(split.formError);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="appoint-staff-heading">
      <Stack gap="sm">
        <Title order={3} fz="md" id="appoint-staff-heading">
          Appoint staff
        </Title>
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not appoint" role="alert">
            {formError}
          </Alert>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            required
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="name@university.edu"
            style={{ flex: '2 1 240px' }}
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label="Role"
            data={ROLE_OPTIONS}
            style={{ flex: '1 1 180px' }}
            {...form.getInputProps('role')}
          />
        </Group>
        <Group>
          <Button
            type="submit"
            loading={appoint.isPending}
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            Appoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
