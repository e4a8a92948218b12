import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  LINK_MAX,
  SKILL_MAX,
  profileUpdateBodySchema,
  type Profile,
  type ProfileUpdateBody,
} from '@teamup/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { useUpdateProfile } from '../api/update-profile';

type FormValues = {
  fullname: string;
  avatar: string;
  bio: string;
  skills: string[];
  links: { label: string; url: string }[];
  lookingForTeam: boolean;
};

function toFormValues(profile: Profile): FormValues {
  return {
    fullname: profile.fullname,
    avatar: profile.avatar ?? '',
    bio: profile.bio,
    skills: profile.skills,
    links: profile.links.map((l) => ({ ...l })),
    lookingForTeam: profile.lookingForTeam,
  };
}

function toBody(values: FormValues): ProfileUpdateBody {
  return {
    fullname: values.fullname.trim(),
    avatar: values.avatar.trim() || null,
    bio: values.bio.trim(),
    skills: values.skills.map((s) => s.trim()).filter(Boolean),
    links: values.links.map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
    lookingForTeam: values.lookingForTeam,
  };
}

/** Server and client issue paths ("body.links.0.url", "/links/0/url") as Mantine form paths. */
export function toFormPath(path: string): string {
  return path
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^body\./, '');
}

// The shared schema is the single source of the field rules (the server validates with it too).
function validate(values: FormValues): Record<string, string> {
  const result = profileUpdateBodySchema.safeParse(toBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const FIELD_NAMES = new Set(['fullname', 'avatar', 'bio', 'skills', 'links', 'lookingForTeam']);

type ProfileFormProps = { profile: Profile; onDone: () => void };

export function ProfileForm({ profile, onDone }: ProfileFormProps) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: toFormValues(profile),
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(toBody(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', ...NOTIFICATION_TEXTS.profileSaved });
        onDone();
      },
      onError: (error) => {
        const fieldErrors: Record<string, string> = {};
        const other: string[] = [];
        for (const d of error.details) {
          const path = toFormPath(d.path);
          if (FIELD_NAMES.has(path.split('.')[0] ?? '')) fieldErrors[path] = d.message;
          else other.push(d.message);
        }
        form.setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0 || other.length > 0) {
          setFormError(other.length > 0 ? other.join(' ') : error.message);
        }
      },
    });
  });

  const links = form.getValues().links;

  return (
    <form onSubmit={submit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        {formError && (
          <Alert color="red.9" title="Could not save your profile" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Full name"
          required
          autoComplete="name"
          {...form.getInputProps('fullname')}
        />
        <TextInput
          label="Avatar URL"
          description="A full http(s) address of an image; leave empty to show your initials."
          type="url"
          {...form.getInputProps('avatar')}
        />
        <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
        <TagsInput
          label="Skills"
          description={`Press Enter after each skill (at most ${SKILL_MAX}).`}
          maxTags={SKILL_MAX}
          clearable
          {...form.getInputProps('skills')}
        />

        <Stack gap="xs">
          <Text fw={500} size="sm">
            Links
          </Text>
          {links.length === 0 && (
            <Text size="sm" c="dimmed">
              No links yet.
            </Text>
          )}
          {links.map((_, index) => (
            <Group key={form.key(`links.${index}`)} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: '1 1 35%' }}
                label={`Link ${index + 1} label`}
                placeholder="GitHub"
                {...form.getInputProps(`links.${index}.label`)}
              />
              <TextInput
                style={{ flex: '1 1 65%' }}
                label={`Link ${index + 1} URL`}
                placeholder="https://"
                type="url"
                {...form.getInputProps(`links.${index}.url`)}
              />
              <ActionIcon
                mt={26}
                size="lg"
                variant="subtle"
                color="red.9"
                aria-label={`Remove link ${index + 1}`}
                onClick={() => form.removeListItem('links', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {typeof form.errors.links === 'string' && (
            <Text size="sm" c="red.9">
              {form.errors.links}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={links.length >= LINK_MAX}
              onClick={() => form.insertListItem('links', { label: '', url: '' })}
            >
              Add link
            </Button>
          </Group>
        </Stack>

        <Switch
          label="Looking for a team"
          description="Shown in the community so team leaders can find you."
          {...form.getInputProps('lookingForTeam', { type: 'checkbox' })}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
