import {
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  Container,
  Grid,
  Group,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DevMail, DevMailSummary } from '@teamup/shared';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useDocumentTitle } from '@/components/ui/document-title';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { isMailboxOff, useDevMail } from '../api/get-dev-mail';
import { useDevMailMessage } from '../api/get-dev-mail-message';
import classes from './dev-mailbox.module.css';

export const DEV_MAILBOX_OFF =
  'The development mailbox is off on this server (it exists only where the development sign-in is enabled).';

const timeFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

function MessageList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: DevMailSummary[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} aria-label="Messages" style={{ listStyle: 'none' }}>
      {messages.map((m) => (
        <li key={m.id}>
          <UnstyledButton
            className={classes.message}
            aria-current={m.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(m.id)}
          >
            <Text size="sm" fw={600} className={classes.wrap}>
              {m.subject || '(no subject)'}
            </Text>
            <Group justify="space-between" gap={4} wrap="wrap">
              <Text size="xs" className={classes.wrap}>
                To {m.to}
              </Text>
              <Text size="xs" component="time" dateTime={m.createdAt}>
                {formatTime(m.createdAt)}
              </Text>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

function Headers({ headers }: { headers: DevMail['headers'] }) {
  const rows = Object.entries(headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Table layout="fixed" verticalSpacing={4} fz="xs" aria-label="Headers">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">Header</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Td className={classes.wrap} ff="monospace">
              {name}
            </Table.Td>
            <Table.Td className={classes.wrap} ff="monospace">
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The HTTPS target of `List-Unsubscribe` as a same-origin path, when the message has one. */
function oneClickPath(mail: DevMail): string | null {
  const match = /<(https?:\/\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '');
  if (!match) return null;
  try {
    const url = new URL(match[1]!);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * What a mail client does with "Unsubscribe" beside the sender (RFC 8058): a POST of
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe URL, without a session.
 */
function OneClickUnsubscribe({ mail }: { mail: DevMail }) {
  const path = oneClickPath(mail);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!path) return null;
  const run = async () => {
    setBusy(true);
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      setResult({
        ok: response.ok,
        text: body?.message ?? (response.ok ? 'Unsubscribed' : `Refused (${response.status})`),
      });
    } catch {
      setResult({ ok: false, text: 'The server could not be reached' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Button size="xs" variant="default" loading={busy} onClick={() => void run()}>
        One-click unsubscribe
      </Button>
      <Text size="xs" c="dimmed">
        {result ? (
          <span role="status">{result.text}</span>
        ) : (
          'Sends what a mail client sends for “Unsubscribe” beside the sender.'
        )}
      </Text>
    </Group>
  );
}

/** Links in the message open in a new tab (the frame itself runs nothing and navigates nowhere). */
const withNewTabLinks = (html: string) => `<base target="_blank">${html}`;

function MessageView({ mail }: { mail: DevMail }) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} fz="lg" className={classes.wrap}>
          {mail.subject || '(no subject)'}
        </Title>
        <Text size="sm" className={classes.wrap}>
          From {mail.from}
        </Text>
        <Text size="sm" className={classes.wrap}>
          To {mail.to}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
        </Text>
      </Stack>
      <OneClickUnsubscribe key={mail.id} mail={mail} />
      {/* Panels mount when shown: the HTML frame is not built behind the text. */}
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
          <Tabs.Tab value="text">Text</Tabs.Tab>
          <Tabs.Tab value="headers">Headers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {/* The email's markup runs no script and submits no form; its links open a new tab. */}
          <iframe
            className={classes.frame}
            title={`HTML of “${mail.subject}”`}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={withNewTabLinks(mail.html)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block className={classes.text}>
            {mail.text}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="headers" pt="sm">
          <Headers headers={mail.headers} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function MessageDetail({ id }: { id: string }) {
  const mail = useDevMailMessage(id);
  if (mail.isPending) return <InlineLoader label="Loading the message" />;
  if (mail.isError) {
    return (
      <ErrorAlert
        title="Could not load the message"
        error={mail.error}
        onRetry={() => void mail.refetch()}
      />
    );
  }
  return <MessageView mail={mail.data} />;
}

type DevMailboxPageProps = {
  /** Only mail to this address (the URL's `to`). */
  to?: string;
  onToChange: (to: string | undefined) => void;
};

/**
 * /dev/mail: what the server would have sent, kept in its development mailbox instead (decision
 * 133). Newest first, refreshed every few seconds; a message's HTML shows in a sandboxed frame.
 */
export function DevMailboxPage({ to, onToChange }: DevMailboxPageProps) {
  useDocumentTitle(['Development mailbox']);
  const [filter, setFilter] = useDebouncedSearch(to, onToChange);
  const mail = useDevMail({ to });
  const [picked, setPicked] = useState<string>();
  const detailRef = useRef<HTMLDivElement>(null);
  // Below md the detail is under the list: a pick scrolls to it.
  const stacked = useMediaQuery('(max-width: 62em)');
  const messages = mail.data ?? [];
  // The picked message while it is listed, else the newest.
  const selectedId = messages.some((m) => m.id === picked) ? picked : messages[0]?.id;

  const select = (id: string) => {
    setPicked(id);
    if (stacked) detailRef.current?.scrollIntoView({ block: 'start' });
  };

  const off = mail.isError && isMailboxOff(mail.error);

  return (
    <PublicLayout>
      <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={28}>
              Development mailbox
            </Title>
            <Text size="sm" c="dimmed">
              Every email this server sends is kept here instead of being delivered (development
              only). New mail shows within a few seconds.{' '}
              <Anchor component={Link} to="/auth/login" size="sm" underline="always">
                Back to sign-in
              </Anchor>
            </Text>
          </Stack>
          {off ? (
            <Alert color="gray" variant="light" role="note" icon={<IconInfoCircle aria-hidden />}>
              {DEV_MAILBOX_OFF}
            </Alert>
          ) : (
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper
                  withBorder
                  radius="lg"
                  p="md"
                  component="section"
                  aria-labelledby="dev-mail-list-heading"
                >
                  <Stack gap="sm">
                    <Title order={2} fz="lg" id="dev-mail-list-heading">
                      Inbox
                    </Title>
                    <TextInput
                      label="To"
                      description="Only mail to this address"
                      placeholder="someone@example.edu"
                      type="search"
                      leftSection={<IconSearch size={16} aria-hidden />}
                      value={filter}
                      onChange={(e) => setFilter(e.currentTarget.value)}
                    />
                    {mail.isPending ? (
                      <InlineLoader label="Loading mail" />
                    ) : mail.isError ? (
                      <ErrorAlert
                        title="Could not load the mailbox"
                        error={mail.error}
                        onRetry={() => void mail.refetch()}
                      />
                    ) : messages.length === 0 ? (
                      <EmptyState>{to ? `No mail to ${to} yet.` : 'No mail yet.'}</EmptyState>
                    ) : (
                      <Box className={classes.list}>
                        <MessageList
                          messages={messages}
                          selectedId={selectedId}
                          onSelect={select}
                        />
                      </Box>
                    )}
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper
                  ref={detailRef}
                  withBorder
                  radius="lg"
                  p="md"
                  component="section"
                  aria-label="Message"
                >
                  {selectedId ? (
                    <MessageDetail id={selectedId} />
                  ) : (
                    <EmptyState>Pick a message to read it.</EmptyState>
                  )}
                </Paper>
              </Grid.Col>
            </Grid>
          )}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
