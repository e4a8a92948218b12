import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEAM_MESSAGE_MAX, applyBodySchema } from '@teamup/shared';
import type { ReactNode } from 'react';
import { splitApiError, zodFieldErrors } from '@/lib/form-errors';
import type { ApiError } from '@/lib/api-client';
import { useSingleSubmit } from '@/lib/use-single-submit';

type MessageFormProps = {
  /** The form's accessible name ("Ask to join Byte Club"). */
  label: string;
  intro: ReactNode;
  messageLabel: string;
  placeholder: string;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (message: string) => void;
  onCancel: () => void;
};

/** The optional message of a join request, under the rules of the shared apply schema. */
export function MessageForm({
  label,
  intro,
  messageLabel,
  placeholder,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: MessageFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: (values) => zodFieldErrors(applyBodySchema, values),
  });
  const once = useSingleSubmit(pending);
  const split = error ? splitApiError(error, ['message']) : null;
  const fieldError = split?.fieldErrors.message;

  return (
    <form
      onSubmit={form.onSubmit(once((values) => onSubmit(applyBodySchema.parse(values).message)))}
      noValidate
      aria-label={label}
    >
      <Stack gap="md">
        {split?.formError && (
          <Alert
            color="red.9"
            variant="outline"
            title={`Could not ${submitLabel.toLowerCase()}`}
            role="alert"
          >
            {split.formError}
          </Alert>
        )}
        {intro}
        <Textarea
          label={messageLabel}
          description={`Optional, up to ${TEAM_MESSAGE_MAX} characters.`}
          placeholder={placeholder}
          autosize
          minRows={3}
          maxRows={6}
          maxLength={TEAM_MESSAGE_MAX}
          data-autofocus
          {...form.getInputProps('message')}
          error={form.errors.message ?? fieldError}
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
