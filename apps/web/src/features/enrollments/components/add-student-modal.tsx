import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  SECTION_MAX,
  manualAddBodySchema,
  type Enrollment,
  type ManualAddBody,
} from '@teamup/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useManualAddStudent } from '../api/manual-add-student';
import { CourseSelect } from './course-select';

/** A course the modal adds to without asking (the roster and the course page). */
export type FixedCourse = { id: string; code: string; title: string };

type AddStudentValues = {
  courseId: string | null;
  email: string;
  fullname: string;
  section: string;
};

function toBody(values: AddStudentValues): ManualAddBody {
  return {
    courseId: values.courseId ?? '',
    email: values.email,
    fullname: values.fullname,
    ...(values.section.trim() ? { section: values.section } : {}),
  };
}

const FIELDS = ['courseId', 'email', 'fullname', 'section'];

export function addedMessage(enrollment: Enrollment): string {
  const who = `${enrollment.fullname} was added to ${enrollment.courseCode}`;
  return enrollment.status === 'ACTIVE'
    ? `${who} and is ACTIVE.`
    : `${who}; the enrollment is pending until their first sign-in.`;
}

type AddStudentFormProps = {
  fixedCourse: FixedCourse | undefined;
  defaultCourseId: string | undefined;
  onDone: () => void;
};

function AddStudentForm({ fixedCourse, defaultCourseId, onDone }: AddStudentFormProps) {
  const add = useManualAddStudent();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddStudentValues>({
    mode: 'controlled',
    initialValues: {
      courseId: fixedCourse?.id ?? defaultCourseId ?? null,
      email: '',
      fullname: '',
      section: '',
    },
    validate: (values) => {
      const errors = zodFieldErrors(manualAddBodySchema, toBody(values));
      if (!values.courseId) errors.courseId = 'Choose a course';
      return errors;
    },
    validateInputOnBlur: ['email', 'fullname', 'section'],
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    // The schema trims and lower-cases the email, as the server compares it.
    const body = manualAddBodySchema.parse(toBody(values));
    add.mutate(body, {
      onSuccess: (enrollment) => {
        notifications.show({
          color: 'green',
          title: 'Student added',
          message: addedMessage(enrollment),
        });
        onDone();
      },
      onError: (error) => {
        const split = splitApiError(error, FIELDS, { ALREADY_ENROLLED: 'email' });
        form.setErrors(split.fieldErrors);
        setFormError(split.formError);
        notifications.show({
          color: 'red',
          title: 'Could not add student',
          message: error.message,
        });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add student">
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not add the student" role="alert">
            {formError}
          </Alert>
        )}
        {fixedCourse ? (
          <Text size="sm">
            Course: <strong>{fixedCourse.code}</strong> · {fixedCourse.title}
          </Text>
        ) : (
          <CourseSelect
            label="Course"
            required
            placeholder="Choose a course"
            formatLabel={(c) => `${c.code} · ${c.title} (${c.organizationName})`}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('courseId')}
          />
        )}
        <TextInput
          label="Email"
          description="The address the student signs in with."
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Full name"
          description="Replaced by the name of their Google account when they sign in."
          required
          autoComplete="off"
          {...form.getInputProps('fullname')}
        />
        <TextInput
          label="Section"
          description="Optional: the student's course section (“A”, “Lab 2”). Placement can keep each section's students together."
          autoComplete="off"
          maxLength={SECTION_MAX}
          {...form.getInputProps('section')}
        />
        <Text size="xs" c="dimmed">
          A student who has signed in before is active at once; anyone else stays pending until
          their first sign-in with this email.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add student
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AddStudentModalProps = {
  opened: boolean;
  onClose: () => void;
  fixedCourse?: FixedCourse;
  /** Preselects a course in the picker (the course filter of the student list). */
  defaultCourseId?: string;
};

export function AddStudentModal({
  opened,
  onClose,
  fixedCourse,
  defaultCourseId,
}: AddStudentModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={600}>Add student</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {/* Mounted only while open, so every opening starts from an empty form. */}
          {opened && (
            <AddStudentForm
              fixedCourse={fixedCourse}
              defaultCourseId={defaultCourseId}
              onDone={onClose}
            />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type AddStudentButtonProps = {
  course: FixedCourse & { archivedAt: string | null };
};

/** "Add student" for one course: the course page's quick action. */
export function AddStudentButton({ course }: AddStudentButtonProps) {
  const [opened, setOpened] = useState(false);
  const archived = Boolean(course.archivedAt);
  return (
    <>
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={archived}
        title={archived ? 'Restore the course to add students' : undefined}
      >
        Add student
      </Button>
      <AddStudentModal opened={opened} onClose={() => setOpened(false)} fixedCourse={course} />
    </>
  );
}
