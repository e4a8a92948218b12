import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ORG_DESCRIPTION_MAX,
  ORG_NAME_MAX,
  ORG_SLUG_MAX,
  createOrganizationBodySchema,
} from '@teamup/shared';
import { useRef, useState } from 'react';
import type { ApiError } from '@/lib/api-client';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import { suggestSlug } from '../utils/suggest-slug';

export type OrganizationFormValues = { name: string; slug: string; description: string };

const FIELDS = ['name', 'slug', 'description'] as const;

/** Trimmed values, as the server stores them. */
export function toOrganizationBody(values: OrganizationFormValues): OrganizationFormValues {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    description: values.description.trim(),
  };
}

type OrganizationFormProps = {
  initialValues?: OrganizationFormValues;
  /** Create mode: the slug follows the name until the user types a slug of their own. */
  suggestSlugFromName?: boolean;
  submitLabel: string;
  pending: boolean;
  ariaLabel: string;
  /** Resolves when saved; rejects with the ApiError to show on the fields. */
  onSubmit: (values: OrganizationFormValues) => Promise<unknown>;
  onCancel: () => void;
};

export function OrganizationForm({
  initialValues = { name: '', slug: '', description: '' },
  suggestSlugFromName = false,
  submitLabel,
  pending,
  ariaLabel,
  onSubmit,
  onCancel,
}: OrganizationFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const slugEdited = useRef(!suggestSlugFromName);
  const form = useForm<OrganizationFormValues>({
    mode: 'controlled',
    initialValues,
    // The shared schema is the one the server validates with.
    validate: (values) => zodFieldErrors(createOrganizationBodySchema, toOrganizationBody(values)),
    validateInputOnBlur: true,
  });

  const nameProps = form.getInputProps('name');
  const slugProps = form.getInputProps('slug');

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(toOrganizationBody(values));
    } catch (error) {
      const { fieldErrors, formError: message } = splitApiError(error as ApiError, FIELDS, {
        SLUG_TAKEN: 'slug',
      });
      form.setErrors(fieldErrors);
      setFormError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={ariaLabel}>
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" title="Could not save the organization" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          maxLength={ORG_NAME_MAX}
          placeholder="Northfield University"
          {...nameProps}
          onChange={(event) => {
            nameProps.onChange(event);
            if (!slugEdited.current) {
              form.setFieldValue('slug', suggestSlug(event.currentTarget.value));
            }
          }}
        />
        <TextInput
          label="Slug"
          required
          maxLength={ORG_SLUG_MAX}
          description={
            suggestSlugFromName
              ? 'A short unique id used in links: lower-case letters, digits and hyphens. Suggested from the name.'
              : 'A short unique id used in links: lower-case letters, digits and hyphens.'
          }
          placeholder="northfield-university"
          autoCapitalize="none"
          spellCheck={false}
          {...slugProps}
          onChange={(event) => {
            slugProps.onChange(event);
            // Clearing the slug hands it back to the name.
            slugEdited.current = suggestSlugFromName ? event.currentTarget.value !== '' : true;
          }}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={ORG_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
