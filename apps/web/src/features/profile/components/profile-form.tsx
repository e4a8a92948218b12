import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  HEADLINE_MAX,
  LINK_MAX,
  SKILL_MAX,
  profileUpdateBodySchema,
  type Profile,
  type ProfileUpdateBody,
  type ProfileVisibility,
} from '@teamup/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SkillTagsInput } from '@/components/ui/skill-tags-input';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { useUpdateProfile } from '../api/update-profile';

type FormValues = {
  fullname: string;
  avatar: string;
  headline: string;
  bio: string;
  skills: string[];
  links: { label: string; url: string }[];
  profileVisibility: ProfileVisibility;
  showEmail: boolean;
};

function toFormValues(profile: Profile): FormValues {
  return {
    fullname: profile.fullname,
    avatar: profile.avatar ?? '',
    headline: profile.headline,
    bio: profile.bio,
    skills: profile.skills,
    links: profile.links.map((l) => ({ ...l })),
    profileVisibility: profile.profileVisibility,
    showEmail: profile.showEmail,
  };
}

function toBody(values: FormValues, isStudent: boolean): ProfileUpdateBody {
  return {
    fullname: values.fullname.trim(),
    avatar: values.avatar.trim() || null,
    headline: values.headline.trim(),
    bio: values.bio.trim(),
    skills: values.skills.map((s) => s.trim()).filter(Boolean),
    links: values.links.map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
    // Who sees the profile and its email are students' choices; admins are not in the directory.
    ...(isStudent
      ? { profileVisibility: values.profileVisibility, showEmail: values.showEmail }
      : {}),
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
  const result = profileUpdateBodySchema.safeParse(toBody(values, true));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
    // The tags input shows one message for the list: a bad tag's message is the list's.
    if (path.startsWith('skills.')) errors.skills ??= issue.message;
  }
  return errors;
}

const FIELD_NAMES = new Set([
  'fullname',
  'avatar',
  'headline',
  'bio',
  'skills',
  'links',
  'profileVisibility',
  'showEmail',
]);

function SkillsField(props: {
  value?: string[];
  onChange: (value: string[]) => void;
  error?: unknown;
  onBlur?: () => void;
}) {
  return (
    <SkillTagsInput
      label="Skills"
      description={`Press Enter or a comma after each skill (at most ${SKILL_MAX}); pick a suggestion to match how others wrote it.`}
      maxTags={SKILL_MAX}
      {...props}
    />
  );
}

type ProfileFormProps = { profile: Profile; onDone: () => void; isStudent: boolean };

export function ProfileForm({ profile, onDone, isStudent }: ProfileFormProps) {
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
    update.mutate(toBody(values, isStudent), {
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
        <TextInput
          label="Headline"
          description={`One line about you, shown under your name (at most ${HEADLINE_MAX} characters).`}
          placeholder="e.g. Backend developer, keen on databases"
          {...form.getInputProps('headline')}
        />
        <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
        <SkillsField {...form.getInputProps('skills')} />

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

        {isStudent && (
          <>
            <Radio.Group
              label="Who can see my profile"
              description="In the community and from course pages. Teammates always can."
              {...form.getInputProps('profileVisibility')}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="CLASSMATES"
                  label="Classmates"
                  description="Students who share an active course with me."
                />
                <Radio
                  value="ORGANIZATION"
                  label="Everyone in my organizations"
                  description="Any student enrolled in a course of my organizations."
                />
              </Stack>
            </Radio.Group>
            <Switch
              label="Show my email to other students"
              description="Teammates and course admins always see it."
              {...form.getInputProps('showEmail', { type: 'checkbox' })}
            />
          </>
        )}

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
