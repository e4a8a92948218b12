import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createCourseBodySchema, type CreateCourseBody } from '@teamup/shared';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/router-link';
import { PageHeader } from '@/components/ui/page-header';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { splitApiError } from '@/lib/form-errors';
import { useCreateCourse } from '../api/create-course';
import {
  COURSE_FIELD_NAMES,
  CourseFormFields,
  courseFieldErrors,
  defaultDeadline,
  toCourseFields,
  type CourseFieldValues,
} from './course-form-fields';

type CreateCourseValues = CourseFieldValues & { organizationId: string | null };

function toBody(values: CreateCourseValues): CreateCourseBody {
  return { organizationId: values.organizationId ?? '', ...toCourseFields(values) };
}

const FIELDS = ['organizationId', ...COURSE_FIELD_NAMES];

/** What the organizations feature lends this page; the route passes them in. */
type OrganizationParts = {
  /** The picker of the organizations the signed-in admin runs. */
  OrganizationSelect: ComponentType<SearchSelectFieldProps>;
  /**
   * Waits for those organizations (loading, error, none at all) and then renders its children
   * with the one to start with: the URL's, or the only one.
   */
  OrganizationGate: ComponentType<{
    organizationId?: string | undefined;
    children: (preselected: string | undefined) => ReactNode;
  }>;
};

type CreateCourseFormProps = Pick<OrganizationParts, 'OrganizationSelect'> & {
  /** The organization the form starts with, if any. */
  preselected: string | undefined;
};

function CreateCourseForm({ preselected, OrganizationSelect }: CreateCourseFormProps) {
  const create = useCreateCourse();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<CreateCourseValues>({
    mode: 'controlled',
    initialValues: {
      organizationId: preselected ?? null,
      code: '',
      title: '',
      term: '',
      description: '',
      teamSizeMin: 2,
      teamSizeMax: 5,
      teamFormationDeadline: defaultDeadline(),
    },
    // The shared schema is the single source of the rules; the server checks the same ones.
    validate: (values) => {
      const errors = courseFieldErrors(createCourseBodySchema, toBody(values), values);
      if (!values.organizationId) errors.organizationId = 'Choose an organization';
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    create.mutate(toBody(values), {
      onSuccess: (course) => {
        notifications.show({
          color: 'green',
          title: 'Course created',
          message: `${course.code} · ${course.title} is ready for enrollments.`,
        });
        void navigate({ to: '/admin/courses/$courseId', params: { courseId: course.id } });
      },
      onError: (error) => {
        const { fieldErrors, formError: message } = splitApiError(error, FIELDS, {
          COURSE_CODE_TAKEN: 'code',
        });
        form.setErrors(fieldErrors);
        setFormError(message);
        notifications.show({
          color: 'red',
          title: 'Could not create course',
          message: error.message,
        });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="New course">
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not create the course" role="alert">
            {formError}
          </Alert>
        )}
        <OrganizationSelect
          label="Organization"
          required
          placeholder="Choose an organization"
          allowDeselect={false}
          {...form.getInputProps('organizationId')}
        />
        <CourseFormFields form={form} futureDeadlineOnly />
        <Group justify="flex-end">
          <ButtonLink variant="default" to="/admin/courses">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={create.isPending}>
            Create course
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CreateCoursePageProps = OrganizationParts & { organizationId?: string | undefined };

export function CreateCoursePage({
  organizationId,
  OrganizationSelect,
  OrganizationGate,
}: CreateCoursePageProps) {
  return (
    <>
      <PageHeader
        title="Create course"
        description="A new course with its term, team size and formation deadline."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={760}>
        <OrganizationGate organizationId={organizationId}>
          {(preselected) => (
            <CreateCourseForm preselected={preselected} OrganizationSelect={OrganizationSelect} />
          )}
        </OrganizationGate>
      </Paper>
    </>
  );
}
