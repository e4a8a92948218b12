import { Alert, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ltiPlatformUpdateSchema, type LtiPlatformView } from '@teamup/shared';
import { useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useUpdateLtiPlatform } from '../api/update-lti-platform';
import { notifySuccess } from '../notifications';
import { byInput } from '../utils/platform-field-errors';

type EditValues = Pick<
  LtiPlatformView,
  'name' | 'authorizationUrl' | 'tokenUrl' | 'jwksUrl' | 'deploymentIds'
>;
const FIELDS: (keyof EditValues)[] = [
  'name',
  'authorizationUrl',
  'tokenUrl',
  'jwksUrl',
  'deploymentIds',
];

/**
 * Changes a registered platform (issue 28): its name, endpoints and deployment IDs. Its issuer
 * and client ID are the registration itself, shown, not editable. Sends only what changed.
 */
export function EditPlatformForm({
  platform,
  onDone,
}: {
  platform: LtiPlatformView;
  onDone: () => void;
}) {
  const update = useUpdateLtiPlatform();
  const [formError, setFormError] = useState<string | null>(null);
  const initial: EditValues = {
    name: platform.name,
    authorizationUrl: platform.authorizationUrl,
    tokenUrl: platform.tokenUrl,
    jwksUrl: platform.jwksUrl,
    deploymentIds: platform.deploymentIds,
  };
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => byInput(zodFieldErrors(ltiPlatformUpdateSchema, values), FIELDS),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const changed = Object.fromEntries(
      FIELDS.filter((f) => JSON.stringify(values[f]) !== JSON.stringify(initial[f])).map((f) => [
        f,
        values[f],
      ]),
    );
    if (Object.keys(changed).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: platform.id, body: ltiPlatformUpdateSchema.parse(changed) },
      {
        onSuccess: (saved) => {
          notifySuccess('Platform updated', `${saved.name} is saved; its courses stay linked.`);
          onDone();
        },
        onError: (error) => {
          const split = splitApiError(error, FIELDS);
          form.setErrors(byInput(split.fieldErrors, FIELDS));
          setFormError(split.formError);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" variant="outline" title="Could not update the platform" role="alert">
            {formError}
          </Alert>
        )}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Issuer {platform.issuer}, client ID {platform.clientId}: they are the registration itself.
          For another pair, register another platform.
        </Text>
        <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label="Authorization URL"
          required
          type="url"
          autoComplete="off"
          {...form.getInputProps('authorizationUrl')}
        />
        <TextInput
          label="Token URL"
          required
          type="url"
          autoComplete="off"
          {...form.getInputProps('tokenUrl')}
        />
        <TextInput
          label="JWKS URL"
          required
          type="url"
          autoComplete="off"
          {...form.getInputProps('jwksUrl')}
        />
        <TagsInput
          label="Deployment IDs"
          description="Add one to let another deployment of this LMS open Teamup. Launches of one you take off are refused."
          required
          splitChars={[',', ' ']}
          acceptValueOnBlur
          clearable
          {...form.getInputProps('deploymentIds')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
