import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createCourseBodySchema, type CreateCourseBody } from '@teamup/shared';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/router-link';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { splitApiError } from '@/lib/form-errors';
import { useCreateCourse } from '../api/create-course';
import { useOrganizationOption } from '../api/get-organization-option';
import { useOrganizationOptions } from '../api/get-organization-options';
import {
  COURSE_FIELD_NAMES,
  CourseFormFields,
  courseFieldErrors,
  defaultDeadline,
  toCourseFields,
  type CourseFieldValues,
} from './course-form-fields';
import { OrganizationSelect } from './organization-select';

type CreateCourseValues = CourseFieldValues & { organizationId: string | null };

function toBody(values: CreateCourseValues): CreateCourseBody {
  return { organizationId: values.organizationId ?? '', ...toCourseFields(values) };
}

const FIELDS = ['organizationId', ...COURSE_FIELD_NAMES];

type CreateCourseFormProps = {
  /** The organization the form starts with, if any. */
  preselected: string | undefined;
};

function CreateCourseForm({ preselected }: CreateCourseFormProps) {
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

export function CreateCoursePage({ organizationId }: { organizationId?: string }) {
  // The first page of my organizations: is there any, and is there only one to choose?
  const organizations = useOrganizationOptions();
  const first = organizations.data?.items ?? [];
  const inFirstPage = first.some((o) => o.id === organizationId);
  // An organization from the URL beyond the first page is looked up by itself.
  const fromUrl = useOrganizationOption(organizationId, organizations.isSuccess && !inFirstPage);
  const lookingUp = Boolean(organizationId) && !inFirstPage && fromUrl.isLoading;
  const preselected =
    inFirstPage || fromUrl.isSuccess
      ? organizationId
      : organizations.data?.total === 1
        ? first[0]?.id
        : undefined;
  return (
    <>
      <PageHeader
        title="Create course"
        description="A new course with its term, team size and formation deadline."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={760}>
        {organizations.isPending || lookingUp ? (
          <InlineLoader label="Loading your organizations" />
        ) : organizations.isError ? (
          <ErrorAlert
            title="Could not load your organizations"
            error={organizations.error}
            onRetry={() => void organizations.refetch()}
          />
        ) : organizations.data.total === 0 ? (
          <EmptyState>
            You do not run any organization yet. A superadmin appoints organization admins.
          </EmptyState>
        ) : (
          <CreateCourseForm preselected={preselected} />
        )}
      </Paper>
    </>
  );
}
