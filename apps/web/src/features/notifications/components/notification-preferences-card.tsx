import { Button, Fieldset, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { kindGroupsFor, type NotificationKind, type NotificationPreferences } from '@teamup/shared';
import { useState, type FormEvent } from 'react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';

export const PREFERENCES_SAVED = {
  title: 'Notifications saved',
  message: 'Your notification preferences have been updated.',
} as const;

const mutedOf = (prefs: NotificationPreferences) =>
  new Set(prefs.kinds.filter((k) => k.muted).map((k) => k.kind));

function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const [muted, setMuted] = useState<Set<NotificationKind>>(() => mutedOf(preferences));
  const saved = mutedOf(preferences);
  const changed = muted.size !== saved.size || [...muted].some((k) => !saved.has(k));

  const toggle = (kind: NotificationKind, show: boolean) =>
    setMuted((current) => {
      const next = new Set(current);
      if (show) next.delete(kind);
      else next.add(kind);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's order of kinds, so the request does not depend on the clicks' order.
    const body = { muted: preferences.kinds.map((k) => k.kind).filter((k) => muted.has(k)) };
    update.mutate(body, {
      onSuccess: (next) => {
        setMuted(mutedOf(next));
        notifications.show({ color: 'green', ...PREFERENCES_SAVED });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not save', message: error.message }),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby="notification-preferences-heading">
      <Stack gap="sm">
        {/* Only the kinds that can reach this person, by what they are (issue 35); the others
            keep their setting, sent back unchanged on save. */}
        {kindGroupsFor(preferences.audiences).map((group) => (
          <Fieldset
            key={group.id}
            legend={group.title}
            variant="unstyled"
            styles={{ legend: { fontWeight: 600, marginBottom: 6 } }}
          >
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {group.kinds.map((kind) => {
                const pref = preferences.kinds.find((k) => k.kind === kind);
                if (!pref) return null;
                return (
                  <li key={kind}>
                    <Switch
                      label={pref.label}
                      checked={!muted.has(kind)}
                      onChange={(e) => toggle(kind, e.currentTarget.checked)}
                      disabled={update.isPending}
                    />
                  </li>
                );
              })}
            </Stack>
          </Fieldset>
        ))}
        <Group gap="sm">
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save preferences
          </Button>
          {changed && (
            <Button variant="default" onClick={() => setMuted(saved)} disabled={update.isPending}>
              Undo changes
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** On /profile: each kind of notification that can reach me, grouped, with a switch to show or mute it. */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="notification-preferences-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="notification-preferences-heading">
            Notifications
          </Title>
          <Text size="sm" c="dimmed">
            Choose what the bell tells you about. A muted kind is not shown or kept.
          </Text>
        </Stack>
        {preferences.isPending ? (
          <InlineLoader label="Loading notification preferences" />
        ) : preferences.isError ? (
          <ErrorAlert
            title="Could not load notification preferences"
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <PreferencesForm preferences={preferences.data} />
        )}
      </Stack>
    </Paper>
  );
}
