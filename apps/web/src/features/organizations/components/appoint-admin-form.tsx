import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  type ComboboxStringItem,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  appointAdminBodySchema,
  type AppointAdminBody,
  type OrganizationDetail,
} from '@teamup/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useAppointOrganizationAdmin } from '../api/appoint-organization-admin';
import { useUserDirectory } from '../api/get-user-directory';
import { notifyFailure, notifySuccess } from '../notifications';
import { roleLabel } from './role-badge';

type FormValues = { email: string; fullname: string };

const PICKER_SIZE = 8;
const MIN_SEARCH = 2;

function toBody(values: FormValues): AppointAdminBody {
  const fullname = values.fullname.trim();
  return { email: values.email.trim().toLowerCase(), ...(fullname ? { fullname } : {}) };
}

/** Appoint by email, with the user directory as a picker; unknown emails are allowed. */
export function AppointAdminForm({ organization }: { organization: OrganizationDetail }) {
  const appoint = useAppointOrganizationAdmin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { email: '', fullname: '' },
    validate: (values) => zodFieldErrors(appointAdminBodySchema, toBody(values)),
  });

  const typed = form.values.email.trim();
  const [search] = useDebouncedValue(typed, 250);
  const directory = useUserDirectory(
    { page: 1, limit: PICKER_SIZE, search },
    { enabled: search.length >= MIN_SEARCH },
  );
  const users = search.length >= MIN_SEARCH ? (directory.data?.items ?? []) : [];
  const adminIds = new Set(organization.admins.map((a) => a.userId));
  const options: ComboboxStringItem[] = users.map((u) => ({
    value: u.email,
    disabled: adminIds.has(u.id),
  }));
  const known = users.find((u) => u.email === typed.toLowerCase());

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = toBody(values);
    appoint.mutate(
      { organizationId: organization.id, body },
      {
        onSuccess: (detail) => {
          const admin = detail.admins.find((a) => a.email === body.email);
          notifySuccess(
            'Admin appointed',
            admin && !admin.hasSignedIn
              ? `${body.email} will administer ${detail.name} from their first sign-in.`
              : `${admin?.fullname ?? body.email} now administers ${detail.name}.`,
          );
          form.reset();
        },
        onError: (error) => {
          notifyFailure('Could not appoint the admin', error);
          const split = splitApiError(error, ['email', 'fullname'], { ALREADY_ADMIN: 'email' });
          form.setErrors(split.fieldErrors);
          setFormError(split.formError);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="appoint-admin-heading">
      <Stack gap="sm">
        <Title order={3} fz="md" id="appoint-admin-heading">
          Appoint admin
        </Title>
        {formError && (
          <Alert color="red.9" title="Could not appoint the admin" role="alert">
            {formError}
          </Alert>
        )}
        <Autocomplete
          label="Email"
          required
          placeholder="Search by name or email"
          description="Pick someone from the user directory, or type any email address: a person who has never signed in becomes an admin at their first Google sign-in."
          autoComplete="off"
          spellCheck={false}
          data={options}
          // The directory already filtered on the server; the picker shows its answer as is.
          filter={({ options: all }) => all}
          limit={PICKER_SIZE}
          rightSection={
            directory.isFetching ? <Loader size="xs" aria-label="Searching users" /> : null
          }
          renderOption={({ option }) => {
            const user = users.find((u) => u.email === option.value);
            if (!user) return option.value;
            return (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {user.fullname}
                  {adminIds.has(user.id) ? ' (already an admin)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.email} · {roleLabel(user.role)}
                </Text>
              </Stack>
            );
          }}
          {...form.getInputProps('email')}
        />
        {!known && (
          <TextInput
            label="Full name"
            placeholder="Optional"
            description="Used when the email has no account yet; they can change it in their profile."
            {...form.getInputProps('fullname')}
          />
        )}
        <Group>
          <Button
            type="submit"
            loading={appoint.isPending}
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            Appoint admin
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
