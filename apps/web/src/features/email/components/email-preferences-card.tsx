import {
  Alert,
  Button,
  Fieldset,
  Flex,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EMAIL_DIGEST_LOCAL_HOUR,
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  kindGroupsFor,
  type EmailMode,
  type EmailPreferences,
  type NotificationKind,
  type UpdateEmailPreferences,
} from '@teamup/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { deviceTimeZone } from '@/lib/time-zone';
import { useEmailPreferences } from '../api/get-email-preferences';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';
import { useUpdateTimeZone } from '../api/update-time-zone';

export const EMAIL_PREFERENCES_SAVED = {
  title: 'Email settings saved',
  message: 'Your email preferences have been updated.',
} as const;

export const EMAIL_DELIVERY_RESUMED = {
  title: 'Email resumed',
  message: 'We send to your address again.',
} as const;

export const EMAIL_TEXTS = {
  undeliverable:
    'Your address refused our email for good, so we stopped sending to it. Once your mailbox works again (it was full, or your university fixed it), tell us and we send again.',
  disabled: 'This server does not send email.',
  allOff: 'No Teamup email is sent. Your choices per kind are kept for when you turn email on.',
} as const;

const HEADING_ID = 'email-preferences-heading';

/** "08:00": the digest's local hour. */
const DIGEST_TIME = `${String(EMAIL_DIGEST_LOCAL_HOUR).padStart(2, '0')}:00`;

type Modes = Record<NotificationKind, EmailMode>;

const modesOf = (prefs: EmailPreferences) =>
  Object.fromEntries(prefs.kinds.map((k) => [k.kind, k.mode])) as Modes;

/** The options of one kind's select, its default marked. */
const optionsFor = (defaultMode: EmailMode) =>
  EMAIL_MODES.map((mode) => ({
    value: mode,
    label: mode === defaultMode ? `${EMAIL_MODE_LABELS[mode]} (default)` : EMAIL_MODE_LABELS[mode],
  }));

/** One kind: its label and the select, side by side from `sm` up, stacked on a phone. */
function KindRow({
  label,
  mode,
  defaultMode,
  disabled,
  onChange,
}: {
  label: string;
  mode: EmailMode;
  defaultMode: EmailMode;
  disabled: boolean;
  onChange: (mode: EmailMode) => void;
}) {
  const id = useId();
  return (
    <Flex
      component="li"
      direction={{ base: 'column', xs: 'row' }}
      align={{ base: 'stretch', xs: 'center' }}
      justify="space-between"
      gap={{ base: 4, xs: 'sm' }}
    >
      <Text component="label" htmlFor={id} size="sm" style={{ flex: 1, minWidth: 0 }}>
        {label}
      </Text>
      <NativeSelect
        id={id}
        size="sm"
        data={optionsFor(defaultMode)}
        value={mode}
        onChange={(e) => onChange(e.currentTarget.value as EmailMode)}
        disabled={disabled}
        w={{ base: '100%', xs: 220 }}
        style={{ flexShrink: 0 }}
      />
    </Flex>
  );
}

/** The address bounced for good: say so, and let the user say their mailbox works again. */
function UndeliverableAlert() {
  const update = useUpdateEmailPreferences();
  return (
    <Alert
      color="red.9"
      variant="outline"
      role="alert"
      title="Email stopped"
      icon={<IconAlertTriangle aria-hidden />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{EMAIL_TEXTS.undeliverable}</Text>
        <Button
          size="xs"
          variant="default"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { resumeDelivery: true },
              {
                onSuccess: () => notifications.show({ color: 'green', ...EMAIL_DELIVERY_RESUMED }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Could not save',
                    message: error.message,
                  }),
              },
            )
          }
        >
          My mailbox works again
        </Button>
      </Stack>
    </Alert>
  );
}

function PreferencesForm({ preferences }: { preferences: EmailPreferences }) {
  const update = useUpdateEmailPreferences();
  const allOffHintId = useId();
  const [modes, setModes] = useState<Modes>(() => modesOf(preferences));
  const [allOff, setAllOff] = useState(preferences.allOff);
  const changedKinds = preferences.kinds.filter((k) => modes[k.kind] !== k.mode);
  const changed = changedKinds.length > 0 || allOff !== preferences.allOff;

  const reset = () => {
    setModes(modesOf(preferences));
    setAllOff(preferences.allOff);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed, in the server's order of kinds: a kind not listed keeps its mode.
    const body: UpdateEmailPreferences = {};
    if (changedKinds.length > 0) {
      body.modes = changedKinds.map((k) => ({ kind: k.kind, mode: modes[k.kind] }));
    }
    if (allOff !== preferences.allOff) body.allOff = allOff;
    update.mutate(body, {
      onSuccess: (next) => {
        setModes(modesOf(next));
        setAllOff(next.allOff);
        notifications.show({ color: 'green', ...EMAIL_PREFERENCES_SAVED });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not save', message: error.message }),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={HEADING_ID}>
      <Stack gap="sm">
        <Stack gap={4}>
          {/* The description apart from the label: the switch's name stays its label alone. */}
          <Switch
            label="All Teamup emails"
            aria-describedby={allOffHintId}
            checked={!allOff}
            onChange={(e) => setAllOff(!e.currentTarget.checked)}
            disabled={update.isPending}
          />
          <Text id={allOffHintId} size="xs" c="dimmed">
            {allOff ? EMAIL_TEXTS.allOff : 'Turn off to stop every Teamup email.'}
          </Text>
        </Stack>
        {/* Only the kinds that can reach this person, by what they are (issue 35); the others
            keep their mode (a save sends only what changed). */}
        {kindGroupsFor(preferences.audiences).map((group) => (
          <Fieldset
            key={group.id}
            legend={group.title}
            variant="unstyled"
            styles={{ legend: { fontWeight: 600, marginBottom: 6 } }}
          >
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {group.kinds.map((kind) => {
                const pref = preferences.kinds.find((k) => k.kind === kind);
                if (!pref) return null;
                return (
                  <KindRow
                    key={kind}
                    label={pref.label}
                    mode={modes[kind]}
                    defaultMode={pref.defaultMode}
                    disabled={update.isPending || allOff}
                    onChange={(mode) => setModes((current) => ({ ...current, [kind]: mode }))}
                  />
                );
              })}
            </Stack>
          </Fieldset>
        ))}
        <Group gap="sm">
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save email settings
          </Button>
          {changed && (
            <Button variant="default" onClick={reset} disabled={update.isPending}>
              Undo changes
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The digest's hour and zone, and the device's zone to use instead. A zone that is not the user's
 * own (the organization's or UTC) is replaced by this device's once, silently, when the card
 * loads; the button is for a device in another zone than the one kept (decision 133).
 */
function DigestTimeZone({ preferences }: { preferences: EmailPreferences }) {
  const device = deviceTimeZone();
  const { mutate: reportZone, isPending: reporting } = useUpdateTimeZone();
  const choose = useUpdateTimeZone();
  const reported = useRef(false);
  const { timeZone, timeZoneIsMine } = preferences;

  useEffect(() => {
    if (reported.current || timeZoneIsMine || !device) return;
    reported.current = true;
    // Errors ignored: the button below stays for the user to try.
    reportZone(device);
  }, [device, timeZoneIsMine, reportZone]);

  const offer = device !== undefined && (device !== timeZone || !timeZoneIsMine);
  const use = () =>
    device &&
    choose.mutate(device, {
      onSuccess: (saved) =>
        notifications.show({
          color: 'green',
          title: 'Time zone saved',
          message: `The daily digest now comes at ${DIGEST_TIME} in ${saved.timeZone}.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not save the time zone',
          message: error.message,
        }),
    });

  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">
        Daily digest at {DIGEST_TIME} in <strong>{timeZone}</strong>
        {!timeZoneIsMine && " (a default, not yet your device's)"}
      </Text>
      {offer && (
        <Button
          size="xs"
          variant="default"
          loading={choose.isPending || reporting}
          onClick={use}
          style={{ maxWidth: '100%' }}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          mih={30}
          py={4}
        >
          Use this device&apos;s time zone ({device})
        </Button>
      )}
    </Stack>
  );
}

/** On /profile: how each kind of notification is emailed, and whether any email is sent. */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={HEADING_ID}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={HEADING_ID}>
            Email
          </Title>
          <Text size="sm" c="dimmed">
            Choose what reaches your inbox: at once, in one daily digest, or not at all. The bell is
            set apart, under Notifications.
          </Text>
        </Stack>
        {preferences.isPending ? (
          <InlineLoader label="Loading email preferences" />
        ) : preferences.isError ? (
          <ErrorAlert
            title="Could not load email preferences"
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <>
            {!preferences.data.emailEnabled && (
              <Alert color="gray" variant="light" role="note" icon={<IconInfoCircle aria-hidden />}>
                {EMAIL_TEXTS.disabled}
              </Alert>
            )}
            {preferences.data.undeliverable && <UndeliverableAlert />}
            <DigestTimeZone preferences={preferences.data} />
            <PreferencesForm preferences={preferences.data} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
