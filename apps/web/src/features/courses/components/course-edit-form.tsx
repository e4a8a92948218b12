import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateCourseBodySchema, type Course, type UpdateCourseBody } from '@teamup/shared';
import { useState } from 'react';
import { splitApiError } from '@/lib/form-errors';
import { useUpdateCourse } from '../api/update-course';
import {
  COURSE_FIELD_NAMES,
  CourseFormFields,
  courseFieldErrors,
  toCourseFields,
  toPickerValue,
  type CourseFieldValues,
} from './course-form-fields';

function toFormValues(course: Course): CourseFieldValues {
  return {
    code: course.code,
    title: course.title,
    term: course.term,
    description: course.description,
    teamSizeMin: course.teamSizeMin,
    teamSizeMax: course.teamSizeMax,
    teamFormationDeadline: toPickerValue(course.teamFormationDeadline),
  };
}

/** Only what changed: the API takes a partial update and records exactly that. */
function changedFields(course: Course, values: CourseFieldValues): UpdateCourseBody {
  const next = toCourseFields(values);
  const body: UpdateCourseBody = {};
  if (next.code !== course.code) body.code = next.code;
  if (next.title !== course.title) body.title = next.title;
  if (next.term !== course.term) body.term = next.term;
  if (next.description !== course.description) body.description = next.description;
  if (next.teamSizeMin !== course.teamSizeMin) body.teamSizeMin = next.teamSizeMin;
  if (next.teamSizeMax !== course.teamSizeMax) body.teamSizeMax = next.teamSizeMax;
  // The picker keeps whole seconds; milliseconds alone are not a change.
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  if (seconds(next.teamFormationDeadline) !== seconds(course.teamFormationDeadline)) {
    body.teamFormationDeadline = next.teamFormationDeadline;
  }
  return body;
}

type CourseEditFormProps = { course: Course; onDone: () => void };

export function CourseEditForm({ course, onDone }: CourseEditFormProps) {
  const update = useUpdateCourse(course.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CourseFieldValues>({
    mode: 'controlled',
    initialValues: toFormValues(course),
    // All fields together, so that min ≤ max is checked on what the course will hold.
    validate: (values) => courseFieldErrors(updateCourseBodySchema, toCourseFields(values), values),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = changedFields(course, values);
    if (Object.keys(body).length === 0) {
      notifications.show({ color: 'blue', title: 'Nothing to save', message: 'No field changed.' });
      onDone();
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          title: 'Course saved',
          message: `${saved.code} · ${saved.title} has been updated.`,
        });
        onDone();
      },
      onError: (error) => {
        const split = splitApiError(error, COURSE_FIELD_NAMES, { COURSE_CODE_TAKEN: 'code' });
        form.setErrors(split.fieldErrors);
        setFormError(split.formError);
        notifications.show({
          color: 'red',
          title: 'Could not save course',
          message: error.message,
        });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit course">
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not save the course" role="alert">
            {formError}
          </Alert>
        )}
        <CourseFormFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save course
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
