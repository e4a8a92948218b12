import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ltiPlatformBodySchema, type LtiPlatformBody } from '@teamup/shared';
import { useState } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { useRegisterLtiPlatform } from '../api/register-lti-platform';
import { notifySuccess } from '../notifications';
import { byInput } from '../utils/platform-field-errors';

type PlatformValues = Omit<LtiPlatformBody, 'organizationId'>;

const EMPTY: PlatformValues = {
  name: '',
  issuer: '',
  clientId: '',
  authorizationUrl: '',
  tokenUrl: '',
  jwksUrl: '',
  deploymentIds: [],
};

const FIELDS = Object.keys(EMPTY);

/** Instructure's hosted Canvas: the same endpoints for every institution (issue 28 docs). */
const CANVAS_CLOUD = {
  issuer: 'https://canvas.instructure.com',
  authorizationUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
};

/** Registers an LMS by hand, for LMSs without dynamic registration (issue 28). */
export function RegisterPlatformForm({ organizationId }: { organizationId: string }) {
  const register = useRegisterLtiPlatform();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PlatformValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) =>
      byInput(zodFieldErrors(ltiPlatformBodySchema, { ...values, organizationId }), FIELDS),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = ltiPlatformBodySchema.parse({ ...values, organizationId });
    register.mutate(body, {
      onSuccess: (platform) => {
        notifySuccess(
          'Platform registered',
          `${platform.name} can now open Teamup from its courses.`,
        );
        form.reset();
      },
      onError: (error) => {
        const split = splitApiError(error, FIELDS);
        form.setErrors(byInput(split.fieldErrors, FIELDS));
        if (error.code === 'PLATFORM_TAKEN') {
          form.setFieldError('clientId', 'Cannot be registered with this issuer');
          setFormError(error.message);
        } else {
          setFormError(split.formError);
        }
      },
    });
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lti-register-heading"
    >
      <form onSubmit={submit} noValidate aria-labelledby="lti-register-heading">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="lti-register-heading">
              Register a platform
            </Title>
            <Text size="sm" c="dimmed">
              For an LMS without dynamic registration: copy these values from the LMS after adding
              Teamup there with the values above.
            </Text>
          </Stack>
          {formError && (
            <Alert
              color="red.9"
              variant="outline"
              title="Could not register the platform"
              role="alert"
            >
              {formError}
            </Alert>
          )}
          <TextInput
            label="Name"
            description="How this page lists it, e.g. “Northfield Canvas”."
            required
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => form.setValues(CANVAS_CLOUD)}>
              Fill in Canvas’s URLs
            </Button>
            <Text size="xs" c="dimmed">
              For Canvas hosted by Instructure (use canvas.test or canvas.beta as the issuer for
              those instances).
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label="Issuer"
              description="The LMS’s platform ID (iss), exactly as the LMS gives it."
              required
              autoComplete="off"
              {...form.getInputProps('issuer')}
            />
            <TextInput
              label="Client ID"
              description="Teamup’s client ID in the LMS."
              required
              autoComplete="off"
              {...form.getInputProps('clientId')}
            />
            <TextInput
              label="Authorization URL"
              description="The LMS’s OpenID Connect authentication URL."
              required
              type="url"
              autoComplete="off"
              {...form.getInputProps('authorizationUrl')}
            />
            <TextInput
              label="Token URL"
              description="The LMS’s OAuth 2 access token URL."
              required
              type="url"
              autoComplete="off"
              {...form.getInputProps('tokenUrl')}
            />
            <TextInput
              label="JWKS URL"
              description="The LMS’s public keyset URL."
              required
              type="url"
              autoComplete="off"
              {...form.getInputProps('jwksUrl')}
            />
            <TagsInput
              label="Deployment IDs"
              description="One or more; press Enter or type a comma after each."
              required
              splitChars={[',', ' ']}
              acceptValueOnBlur
              clearable
              {...form.getInputProps('deploymentIds')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={register.isPending}>
              Register platform
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
